/**
 * The non-SOS alerts a user has been shown, kept in the browser (localStorage) so that a reload
 * does not pop them up again (SPEC.md: they show once). One list per hotel and user, the newest
 * SHOWN_MAX ids; a browser that refuses storage simply forgets.
 */
export const SHOWN_MAX = 500;

export function shownKey(hotelId: number | null, userName: string): string {
  return `rp.alerts.shown.${hotelId ?? 'all'}.${userName}`;
}

export function loadShown(key: string, storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): number[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter((id): id is number => Number.isInteger(id)).slice(-SHOWN_MAX) : [];
  } catch {
    return [];
  }
}

/** Keeps the newest SHOWN_MAX ids (alert ids grow: the largest are the newest). */
export function saveShown(
  key: string,
  ids: Iterable<number>,
  storage: Pick<Storage, 'setItem'> | undefined = safeStorage(),
): void {
  const newest = [...new Set(ids)].sort((a, b) => a - b).slice(-SHOWN_MAX);
  try {
    storage?.setItem(key, JSON.stringify(newest));
  } catch {
    // Full or refused: the popup still shows each alert once in this page.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
