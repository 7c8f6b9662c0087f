import {
  ALERT_CLEAR_REASONS,
  ALERT_TYPES,
  type Alert,
  type AlertClearReason,
  type AlertRecord,
  alertKindOf,
  type Language,
} from '@roompilot/contract';
import { translate } from '../../i18n.js';

/**
 * An alert as SQL keeps it: `content` is neutral (the RCU's own words for an event alert, the
 * rule's figures as JSON for a rule alert); the text the console shows is made for each reader's
 * language by `describeAlert`.
 */
export interface StoredAlert {
  id: number;
  type: number;
  room_id: number;
  room_num: string;
  content: string;
  event_time: string;
}

/** An alert in the reader's language, as the open alerts call (`alerts.list`) and the WebSocket give it. */
export function describeAlert(alert: StoredAlert, language: Language): Alert {
  const { content, ...rest } = alert;
  return { ...rest, event_content: alertText(alert.type, content, language) };
}

/** An alert as the alert list keeps it: the stored alert and how it ended. */
export interface StoredAlertRecord extends StoredAlert {
  confirmed_at: string | null;
  confirmed_by_name: string;
  cleared_at: string | null;
  cleared_reason: string | null;
}

/** An alert of the alert list in the reader's language: who confirmed it, or what cleared it. */
export function describeRecord(row: StoredAlertRecord, language: Language): AlertRecord {
  const { confirmed_at, confirmed_by_name, cleared_at, cleared_reason, ...alert } = row;
  const reason = ALERT_CLEAR_REASONS.includes(cleared_reason as AlertClearReason)
    ? (cleared_reason as AlertClearReason)
    : null;
  const confirmed = confirmed_at !== null;
  const cleared = !confirmed && cleared_at !== null;
  return {
    ...describeAlert(alert, language),
    state: confirmed ? 'confirmed' : cleared ? 'cleared' : 'open',
    confirmed_at,
    confirmed_by: confirmed ? confirmed_by_name : null,
    cleared_at: cleared ? cleared_at : null,
    cleared_reason: cleared ? reason : null,
    cleared_text: cleared && reason ? translate(language, `alerts.cleared.${reason}`) : null,
  };
}

function alertText(type: number, content: string, language: Language): string {
  const kind = alertKindOf(type);
  switch (kind) {
    case 'sos':
    case 'fault':
      return translate(language, `alerts.${kind}`, { detail: content ? `: ${content}` : '' });
    case 'door_open_long':
    case 'rcu_offline': {
      const minutes = figuresOf(content).minutes ?? 0;
      if (kind === 'rcu_offline' && minutes === 0) return translate(language, 'alerts.rcu_offline_now');
      return translate(language, `alerts.${kind}`, { minutes });
    }
    case 'window_open_ac_on':
      return translate(language, 'alerts.window_open_ac_on');
    case 'rcu_flooding':
      return translate(language, 'alerts.rcu_flooding');
    default:
      return content;
  }
}

function figuresOf(content: string): { minutes?: number } {
  try {
    const parsed: unknown = JSON.parse(content);
    return parsed && typeof parsed === 'object' ? (parsed as { minutes?: number }) : {};
  } catch {
    return {};
  }
}

/** Alert types raised by the rules (one open alert per room and type), not by an RCU event. */
export const RULE_ALERT_TYPES = [ALERT_TYPES.door_open_long, ALERT_TYPES.rcu_offline, ALERT_TYPES.window_open_ac_on];
