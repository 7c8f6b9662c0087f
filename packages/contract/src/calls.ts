import { airPolicyCalls } from './airpolicy.js';
import { alertCalls } from './alerts.js';
import { authCalls } from './auth.js';
import { brokerCalls } from './broker.js';
import { buildingCalls } from './buildings.js';
import type { CallGroup } from './call.js';
import { controlCalls } from './control.js';
import { departmentCalls } from './departments.js';
import { guestServiceCalls } from './guestservice.js';
import { hotelCalls } from './hotels.js';
import { liveCalls } from './live.js';
import { logCalls } from './logs.js';
import { modeCalls } from './modes.js';
import { oplogCalls } from './oplog.js';
import { powerCalls } from './power.js';
import { roleCalls } from './roles.js';
import { roomCalls } from './rooms.js';
import { roomTypeCalls } from './roomtypes.js';
import { siteCalls } from './site.js';
import { twoFactorCalls } from './twofactor.js';
import { upgradeCalls } from './upgrades.js';
import { userCalls } from './users.js';

/**
 * The table of calls: every API call of RoomPilot, by domain (`api.<domain>.<call>` in the
 * console). Each domain declares its calls in its own file of this package.
 */
export const CALLS = {
  site: siteCalls,
  auth: authCalls,
  roles: roleCalls,
  oplog: oplogCalls,
  hotels: hotelCalls,
  buildings: buildingCalls,
  rooms: roomCalls,
  roomTypes: roomTypeCalls,
  live: liveCalls,
  control: controlCalls,
  alerts: alertCalls,
  modes: modeCalls,
  power: powerCalls,
  logs: logCalls,
  airPolicy: airPolicyCalls,
  upgrades: upgradeCalls,
  guestservice: guestServiceCalls,
  twoFactor: twoFactorCalls,
  users: userCalls,
  departments: departmentCalls,
  broker: brokerCalls,
} as const satisfies Record<string, CallGroup>;

export type Calls = typeof CALLS;

/** Every domain's calls, in the order the server registers them and OpenAPI lists them. */
export const CALL_GROUPS: readonly CallGroup[] = Object.values(CALLS);

/** A call of the table by `domain.name` (`rooms.edit`): what the console's actions carry in `data-call`. */
export type CallId = {
  [Domain in keyof Calls]: `${Domain & string}.${keyof Calls[Domain]['calls'] & string}`;
}[keyof Calls];
