import type { MessageKey } from '../../locales/types';

/**
 * What the shell's alert popup and the alert list share, kept apart from the list itself: the
 * list (its drawer, filters and paging) is loaded only when the bell is first clicked, so none of
 * it weighs on the shell.
 */

/** The alert list's query key: the live push and a confirmation refresh it. */
export const ALERT_LIST_KEY = 'alertlist';

/** An alert type's title: the six known types, or "alert" for a type this console does not know. */
export function alertTitle(type: number): MessageKey {
  return (type >= 1 && type <= 6 ? `alerts.type.${type}` : 'alerts.type.other') as MessageKey;
}
