import type { Call } from './call.js';

/** Permission keys of SPEC.md section 6. A user's perms are entries `{val}`; `*` grants all. */
export const WILDCARD = '*';

export const PERMISSION_KEYS = [
  'pm_dashboard',
  'pm_roomtype',
  'pm_roomdetail',
  'pm_config',
  'pm_model',
  'pm_upgradepara',
  'pm_upgradeconfigfile',
  'pm_infrared',
  'pm_upgradebinfile',
  'pm_checkquanxian',
  'pm_aircontrl',
  'pm_roomstatecontrl',
  'pm_goods',
  'pm_question',
  'pm_welcome',
  'pm_dept',
  'pm_user',
  'pm_powerstatistics',
  'pm_logstatistics',
  'pm_hotel',
  'pm_validdate',
] as const;

export type PermissionKey = (typeof PERMISSION_KEYS)[number];

/** Keys that only the platform (the Administrator) holds: they are never part of a hotel role. */
export const PLATFORM_KEYS: readonly PermissionKey[] = ['pm_hotel', 'pm_validdate'];

/** Every key a hotel role may hold. */
export const HOTEL_KEYS: readonly PermissionKey[] = PERMISSION_KEYS.filter((key) => !PLATFORM_KEYS.includes(key));

export function isPermissionKey(value: string): value is PermissionKey {
  return (PERMISSION_KEYS as readonly string[]).includes(value);
}

/** A user with no permission entries at all is a read-only visitor. */
export function isVisitor(perms: readonly string[]): boolean {
  return perms.length === 0;
}

export function holds(perms: readonly string[], key: string): boolean {
  return perms.includes(WILDCARD) || perms.includes(key);
}

/** Whether the perms hold a key, or any key of a list (an access of several keys, call.ts). */
export function holdsAny(perms: readonly string[], keys: string | readonly string[]): boolean {
  return typeof keys === 'string' ? holds(perms, keys) : keys.some((key) => holds(perms, key));
}

/**
 * The roles of SPEC.md section 6 as the seed creates them in every new hotel, with the keys their
 * job needs:
 * - nobody: none (the read-only visitor);
 * - waiter: the floor view (its room panel included), the alerts (every member of staff confirms
 *   them) and room state control (the route's own key); no room screens, so no room editing and no
 *   device keys;
 * - guest: looks at the floor view;
 * - manager: every hotel key;
 * - worker: the engineer: rooms and their devices (device keys included: they set up the RCUs),
 *   room types, air and room state control, parameters, upgrades and the energy statistics.
 */
export const ROLE_PRESETS: Record<'nobody' | 'waiter' | 'guest' | 'manager' | 'worker', readonly PermissionKey[]> = {
  nobody: [],
  waiter: ['pm_dashboard', 'pm_roomstatecontrl'],
  guest: ['pm_dashboard'],
  manager: HOTEL_KEYS,
  worker: [
    'pm_dashboard',
    'pm_roomtype',
    'pm_roomdetail',
    'pm_config',
    'pm_model',
    'pm_aircontrl',
    'pm_roomstatecontrl',
    'pm_checkquanxian',
    'pm_upgradepara',
    'pm_upgradeconfigfile',
    'pm_infrared',
    'pm_upgradebinfile',
    'pm_powerstatistics',
  ],
};
export type RolePreset = keyof typeof ROLE_PRESETS;

/** Who asks: what `mayCall` needs to know of a signed-in user. */
export interface Caller {
  isAdmin: boolean;
  perms: readonly string[];
}

/**
 * Why a call is refused: `visitor` (a read-only visitor on a call that writes), `forbidden` (the
 * caller lacks `key`), `admin` (only the platform Administrator makes it).
 */
export type Refusal = { reason: 'visitor' } | { reason: 'forbidden'; key: PermissionKey } | { reason: 'admin' };

export type Verdict = ({ allowed: true } & { reason?: undefined }) | ({ allowed: false } & Refusal);

/**
 * Whether a signed-in user may make a call (`access` and `write` of its entry in the table of
 * calls, call.ts): the one rule of the server's access check and of the console's actions.
 */
export function mayCall(caller: Caller, call: Pick<Call, 'access' | 'write'>): Verdict {
  const { access, write } = call;
  if (access === 'public' || access === 'session' || caller.isAdmin) return { allowed: true };
  if (access === 'admin') return { allowed: false, reason: 'admin' };
  if (isVisitor(caller.perms)) return write ? { allowed: false, reason: 'visitor' } : { allowed: true };
  if (access === 'staff' || holdsAny(caller.perms, access)) return { allowed: true };
  return {
    allowed: false,
    reason: 'forbidden',
    key: typeof access === 'string' ? access : (access[0] as PermissionKey),
  };
}
