import {
  alertKindOf,
  EVENT_LOG_TYPES,
  type Language,
  type LogWords,
  OPLOG_ACTIONS,
  UPGRADE_KINDS,
} from '@roompilot/contract';
import { fieldLabel, lookup } from '../../i18n.js';
import { describeAlert } from '../alerts/describe.js';

/**
 * The logs in words, in the reader's language: what the screen and the exports show instead of
 * the stored JSON. A type, action, field or value the server has no words for is shown as it is
 * stored (a later module's new type reads as its name until it is given words).
 */

/** The longest detail text made from stored JSON. */
const TEXT_MAX = 500;

export function eventTypeText(language: Language, type: string): string {
  return lookup(language, `logs.type.${type}`) ?? type;
}

export function actionText(language: Language, action: string): string {
  return lookup(language, `logs.action.${action}`) ?? action;
}

const wordsByLanguage = new Map<Language, LogWords>();

/** The log filters' choices in a language (`/logwords`): the types in their order, the actions by their words. */
export function logWords(language: Language): LogWords {
  let words = wordsByLanguage.get(language);
  if (!words) {
    const collator = new Intl.Collator(language);
    words = {
      types: EVENT_LOG_TYPES.map((type) => ({ value: type, label: eventTypeText(language, type) })),
      actions: OPLOG_ACTIONS.map((action) => ({ value: action, label: actionText(language, action) })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
    };
    wordsByLanguage.set(language, words);
  }
  return words;
}

function parsed(detail: string): unknown {
  if (!detail.startsWith('{') && !detail.startsWith('[')) return undefined;
  try {
    return JSON.parse(detail) as unknown;
  } catch {
    return undefined;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name stored beside its id (a room's row as read, with its type's and building's names). */
const NAME_FIELDS: Readonly<Record<string, string>> = { room_type_name: 'room_type', building_name: 'building' };

function fieldText(language: Language, key: string): string {
  const field = NAME_FIELDS[key] ?? key;
  return lookup(language, `logs.field.${field}`) ?? fieldLabel(language, field);
}

/**
 * An id the reader knows by the name recorded beside it (`room_type_id` with `room_type`, rooms'
 * ids with their numbers, a user's department with `dept_name`): the name says it, as it was then.
 * A line recorded with the id alone says it is one: `room type ID: 2`, `room IDs: 4, 5`,
 * `department ID: 3`.
 */
const NAMED_IDS: Readonly<Record<string, readonly string[]>> = {
  room_type_id: ['room_type', 'room_type_name'],
  building_id: ['building', 'building_name'],
  room_id: ['room_num'],
  room_ids: ['room_nums'],
  ids: ['room_nums'],
  failed: ['failed_room_nums'],
  dept_id: ['dept_name'],
  parent_id: ['parent_name'],
  hotel_id: ['hotel_name'],
  role_ids: ['roles'],
};

/** A name recorded as none (`dept_name: null`, a user of no department) names its id all the same. */
const namedElsewhere = (object: Record<string, unknown>, key: string): boolean =>
  (NAMED_IDS[key] ?? []).some((name) => object[name] !== undefined && object[name] !== '');

/** Names and numbers shown as they were written (a room type's name, rooms' numbers), never read as words. */
const AS_WRITTEN = new Set([
  'room_type',
  'building',
  ...Object.keys(NAME_FIELDS),
  'room_num',
  'room_nums',
  'failed_room_nums',
  'dept_name',
  'parent_name',
  'hotel_name',
  'roles',
  'name',
  'user_name',
  'nick_name',
]);

function writtenText(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string'))
    return value.join(', ');
  return null;
}

/**
 * An empty list of rooms or of roles says there were none ("failed rooms: none"), in the words its
 * noun takes (Spanish: habitaciones, ninguna; roles, ninguno). Any other empty list or text reads
 * `logs.empty`.
 */
const NONE_WORDS: Readonly<Record<string, string>> = {
  room_nums: 'logs.none.rooms',
  room_ids: 'logs.none.rooms',
  failed_room_nums: 'logs.none.rooms',
  failed: 'logs.none.rooms',
  roles: 'logs.none.roles',
  role_ids: 'logs.none.roles',
};

function valueText(language: Language, value: unknown): string {
  if (typeof value === 'boolean') return lookup(language, value ? 'logs.yes' : 'logs.no') ?? String(value);
  // An empty text or list ("Schedules: (none)"), not a label followed by nothing.
  if (value === '' || (Array.isArray(value) && value.length === 0)) return lookup(language, 'logs.empty') ?? '';
  if (typeof value === 'string') return lookup(language, `logs.value.${value}`) ?? value;
  if (typeof value === 'number') return String(value);
  if (value === null || value === undefined) return '—';
  if (Array.isArray(value)) return value.map((item) => valueText(language, item)).join(', ');
  return pairsText(language, value as Record<string, unknown>);
}

/**
 * The fields whose values have words of their own (`logs.<words>.<value>`): a mode by its built-in
 * name (a hotel's own mode by its name), an upgrade's kind, what an unsold room's AC does.
 */
const VALUE_WORDS: Readonly<Record<string, string>> = { mode: 'mode', kind: 'upgradeKind', unsold: 'unsold' };

/** One field's value in words: a name as written, no rooms or roles as none, a built-in mode by its words. */
function fieldValueText(language: Language, key: string, value: unknown): string {
  const written = AS_WRITTEN.has(key) ? writtenText(value) : null;
  if (written !== null) return written;
  const none = NONE_WORDS[key];
  if (none && Array.isArray(value) && value.length === 0) return lookup(language, none) ?? '';
  const words = VALUE_WORDS[key];
  const named = words && typeof value === 'string' ? lookup(language, `logs.${words}.${value}`) : null;
  if (named) return named;
  if (key === 'alert_type') return alertName(language, value);
  return valueText(language, value);
}

/**
 * A field's edit, as the edits record it: `{before, after}` (`nick_name: {before: 'Bob', after:
 * 'Robert'}`), never a list of two. (`{from, to}` would not do: a season's dates are stored so.)
 */
function changeOf(value: unknown): { before: unknown; after: unknown } | null {
  if (!isRecord(value) || Object.keys(value).length !== 2 || !('before' in value) || !('after' in value)) return null;
  return { before: value.before, after: value.after };
}

/**
 * The edits whose older lines kept each field as `[before, after]` (a user's, its roles', a
 * department's): read as edits, not as lists of two ("Nickname: Bob → Robert").
 */
const EDITS_AS_LISTS = new Set(['user_update', 'user_roles', 'dept_update']);

function asEdits(detail: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(detail).map(([key, value]) => [
      key,
      Array.isArray(value) && value.length === 2 ? { before: value[0], after: value[1] } : value,
    ]),
  );
}

/** `field value, field value` in words; an object inside is put in parentheses, an edit as `before → after`. */
function pairsText(language: Language, object: Record<string, unknown>): string {
  return Object.entries(object)
    .filter(([key]) => !namedElsewhere(object, key))
    .map(([key, value]) => {
      // The rule an action followed names itself: its words alone.
      if (key === 'rule' && typeof value === 'string') return ruleText(language, value);
      const change = changeOf(value);
      if (change) {
        const [before, after] = [change.before, change.after].map((side) => fieldValueText(language, key, side));
        return `${fieldText(language, key)}: ${before} → ${after}`;
      }
      if (isRecord(value)) return `${fieldText(language, key)} (${pairsText(language, value)})`;
      return `${fieldText(language, key)}: ${fieldValueText(language, key, value)}`;
    })
    .join('; ');
}

function ruleText(language: Language, rule: string): string {
  return lookup(language, `logs.rule.${rule}`) ?? rule;
}

/** A device's change: `on, mode cooling, setpoint 22`. */
function deviceText(language: Language, state: Record<string, unknown>): string {
  return Object.entries(state)
    .map(([field, value]) =>
      field === 'on'
        ? (lookup(language, value ? 'logs.on' : 'logs.off') ?? String(value))
        : `${fieldText(language, field)} ${valueText(language, value)}`,
    )
    .join(', ');
}

/** A room type's device names by key; a device the template no longer has is named by its key. */
export type DeviceNames = Readonly<Record<string, string>>;

function devicesText(language: Language, devices: unknown, names: DeviceNames = {}): string {
  if (!isRecord(devices)) return '';
  return Object.entries(devices)
    .map(([key, state]) => {
      const name = names[key] ?? key;
      return isRecord(state) ? `${name} ${deviceText(language, state)}` : name;
    })
    .join('; ');
}

function alertName(language: Language, type: unknown): string {
  const kind = typeof type === 'number' ? alertKindOf(type) : null;
  return (kind && lookup(language, `logs.alert.${kind}`)) ?? String(type);
}

/** An upgrade's line: `Upgrade of firmware 2.1.0: failed (timed out)`; a device's own words as it sent them. */
function upgradeText(language: Language, detail: Record<string, unknown>): string {
  const kind = lookup(language, `logs.upgradeKind.${String(detail.kind)}`) ?? String(detail.kind);
  const state = lookup(language, `logs.upgradeState.${String(detail.state)}`) ?? String(detail.state);
  const version = String(detail.version ?? '');
  if (typeof detail.error !== 'string') return lookup(language, 'logs.upgradeLine', { kind, version, state }) ?? state;
  const error = lookup(language, `logs.upgradeReason.${detail.error}`) ?? detail.error;
  return lookup(language, 'logs.upgradeLineError', { kind, version, state, error }) ?? state;
}

/** A command with its result: `Set devices: AC1 on, setpoint 22 — done`. */
function commandText(language: Language, detail: Record<string, unknown>, names?: DeviceNames): string {
  const op = String(detail.op ?? '');
  const opText = lookup(language, `logs.op.${op}`) ?? op;
  const what =
    detail.devices !== undefined
      ? devicesText(language, detail.devices, names)
      : detail.rent !== undefined
        ? valueText(language, detail.rent)
        : detail.mode !== undefined
          ? String(detail.mode)
          : isRecord(detail.params)
            ? pairsText(language, detail.params)
            : '';
  return `${opText}${what ? `: ${what}` : ''} — ${outcomeText(language, detail)}`;
}

/** How a command ended: done, or failed and why. */
function outcomeText(language: Language, detail: Record<string, unknown>): string {
  const failure = typeof detail.failure === 'string' ? detail.failure : null;
  // The RCU's own reason is worth reading when it refused; the other failures say it all in words.
  const reason = failure
    ? [lookup(language, `logs.failure.${failure}`) ?? failure, failure === 'refused' ? detail.error : null]
        .filter(Boolean)
        .join(': ')
    : '';
  return (detail.ok === false ? lookup(language, 'logs.failed', { reason }) : lookup(language, 'logs.done')) ?? '';
}

/** A mode run: `Mode welcome (card inserted) — done`, with who ran it by hand. */
function modeText(language: Language, detail: Record<string, unknown>): string {
  const trigger = String(detail.trigger ?? '');
  const run = lookup(language, 'logs.modeRun', {
    // A built-in mode by its name in the reader's language; the hotel's own modes by theirs.
    mode: lookup(language, `logs.mode.${String(detail.mode ?? '')}`) ?? String(detail.mode ?? ''),
    trigger: lookup(language, `logs.trigger.${trigger}`) ?? trigger,
  });
  const by = typeof detail.by === 'string' ? (lookup(language, 'logs.modeBy', { by: detail.by }) ?? '') : '';
  return `${run}${by} — ${outcomeText(language, detail)}`;
}

/** One AC's change by the policy: `setpoint 22→19 °C, mode heating→cooling`, `off`. */
function policyChangeText(language: Language, to: Record<string, unknown>, from: Record<string, unknown>): string {
  return Object.entries(to)
    .map(([field, value]) => {
      if (field === 'on') return lookup(language, value ? 'logs.on' : 'logs.off') ?? String(value);
      const unit = field === 'set' ? ' °C' : '';
      const before = from[field] === undefined ? '' : `${valueText(language, from[field])}→`;
      return `${fieldText(language, field)} ${before}${valueText(language, value)}${unit}`;
    })
    .join(lookup(language, 'logs.comma') ?? ', ');
}

/**
 * A policy action (airpolicy/rules.ts `PolicyDetail`): `Card out: setback (after 1 min): AC1
 * setpoint 22→19 °C — done`. A line written as text by an older version is shown as it is.
 */
function policyText(language: Language, detail: Record<string, unknown>, names: DeviceNames = {}): string {
  const context = [
    typeof detail.minutes === 'number' ? lookup(language, 'logs.policyAfter', { minutes: detail.minutes }) : null,
    typeof detail.season === 'string' ? lookup(language, `logs.season.${detail.season}`) : null,
    typeof detail.rent === 'string' ? valueText(language, detail.rent) : null,
  ].filter(Boolean);
  const changes = isRecord(detail.changes)
    ? Object.entries(detail.changes)
        .filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]))
        .map(
          ([device, change]) =>
            `${names[device] ?? device} ${policyChangeText(language, isRecord(change.to) ? change.to : {}, isRecord(change.from) ? change.from : {})}`,
        )
        .join('; ')
    : '';
  const rule = ruleText(language, String(detail.rule ?? ''));
  const comma = lookup(language, 'logs.comma') ?? ', ';
  const ruled =
    context.length > 0
      ? (lookup(language, 'logs.policyContext', { rule, context: context.join(comma) }) ?? rule)
      : rule;
  return `${ruled}${changes ? `: ${changes}` : ''} — ${outcomeText(language, detail)}`;
}

/** An event's detail in words; devices by the names of the room's type (`names`), else by key. */
export function eventText(language: Language, type: string, detail: string, names?: DeviceNames): string {
  const data = parsed(detail);
  if (!isRecord(data)) return detail;
  switch (type) {
    case 'alert_raised':
      return describeAlert(
        {
          id: Number(data.alert_id ?? 0),
          type: Number(data.alert_type ?? 0),
          room_id: 0,
          room_num: '',
          content: typeof data.content === 'string' ? data.content : '',
          event_time: '',
        },
        language,
      ).event_content;
    case 'alert_confirmed':
      return (
        lookup(language, 'logs.alertConfirmed', { alert: alertName(language, data.alert_type), by: String(data.by) }) ??
        detail
      );
    case 'alert_cleared': {
      const reason = lookup(language, `alerts.cleared.${String(data.reason)}`) ?? String(data.reason);
      return lookup(language, 'logs.alertCleared', { alert: alertName(language, data.alert_type), reason }) ?? detail;
    }
    case 'command':
      return commandText(language, data, names);
    case 'mode':
      return modeText(language, data);
    case 'policy':
      return policyText(language, data, names).slice(0, TEXT_MAX);
    case 'upgrade':
      return upgradeText(language, data).slice(0, TEXT_MAX);
    default:
      return pairsText(language, data).slice(0, TEXT_MAX);
  }
}

/**
 * An operation's target in words: an upgrade's file as recorded (`bin 3.0.0`) with its kind in the
 * reader's words (`firmware 3.0.0`, `固件 3.0.0`); any other target as it was recorded (a name).
 */
export function targetText(language: Language, action: string, target: string): string {
  if (!action.startsWith('upgrade_')) return target;
  const space = target.indexOf(' ');
  const kind = target.slice(0, space);
  if (space < 0 || !(UPGRADE_KINDS as readonly string[]).includes(kind)) return target;
  return `${lookup(language, `logs.upgradeKind.${kind}`) ?? kind} ${target.slice(space + 1)}`;
}

/**
 * An operation's detail in words (`Floor: 3; room type: Deluxe`, an edit `Nickname: Bob → Robert`).
 * An alert's confirmation keeps its alert as `{ id, type }`: the type is named by its words
 * (`Alert ID: 9; Alert type: SOS`).
 */
export function operationText(language: Language, detail: unknown, action?: string): string {
  if (action === 'alert_confirm' && isRecord(detail)) {
    const { id, type, ...rest } = detail;
    return pairsText(language, { alert_id: id, alert_type: type, ...rest }).slice(0, TEXT_MAX);
  }
  if (isRecord(detail)) {
    const fields = action !== undefined && EDITS_AS_LISTS.has(action) ? asEdits(detail) : detail;
    return pairsText(language, fields).slice(0, TEXT_MAX);
  }
  if (detail === null || detail === undefined) return '';
  return valueText(language, detail).slice(0, TEXT_MAX);
}
