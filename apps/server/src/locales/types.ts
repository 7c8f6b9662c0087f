import type airpolicy from './zh/airpolicy.js';
import type alerts from './zh/alerts.js';
import type auth from './zh/auth.js';
import type broker from './zh/broker.js';
import type buildings from './zh/buildings.js';
import type departments from './zh/departments.js';
import type error from './zh/error.js';
import type fields from './zh/fields.js';
import type guestservice from './zh/guestservice.js';
import type hotel from './zh/hotel.js';
import type hotels from './zh/hotels.js';
import type importRows from './zh/import.js';
import type live from './zh/live.js';
import type logs from './zh/logs.js';
import type modes from './zh/modes.js';
import type power from './zh/power.js';
import type roles from './zh/roles.js';
import type rooms from './zh/rooms.js';
import type roomtypes from './zh/roomtypes.js';
import type twofactor from './zh/twofactor.js';
import type upgrades from './zh/upgrades.js';
import type users from './zh/users.js';
import type validation from './zh/validation.js';

/**
 * Chinese is the reference language, as in the console's locales: every other language must have
 * exactly its keys. One file per domain, named by its keys' prefix (`rooms.badMac` in rooms.ts);
 * error.ts also holds the bare `ok`.
 */
export type AirPolicyMessages = Record<keyof typeof airpolicy, string>;
export type AlertsMessages = Record<keyof typeof alerts, string>;
export type AuthMessages = Record<keyof typeof auth, string>;
export type BrokerMessages = Record<keyof typeof broker, string>;
export type BuildingsMessages = Record<keyof typeof buildings, string>;
export type DepartmentsMessages = Record<keyof typeof departments, string>;
export type ErrorMessages = Record<keyof typeof error, string>;
export type FieldsMessages = Record<keyof typeof fields, string>;
export type GuestServiceMessages = Record<keyof typeof guestservice, string>;
export type HotelMessages = Record<keyof typeof hotel, string>;
export type HotelsMessages = Record<keyof typeof hotels, string>;
export type ImportMessages = Record<keyof typeof importRows, string>;
export type LiveMessages = Record<keyof typeof live, string>;
export type ModesMessages = Record<keyof typeof modes, string>;
export type PowerMessages = Record<keyof typeof power, string>;
export type LogsMessages = Record<keyof typeof logs, string>;
export type RolesMessages = Record<keyof typeof roles, string>;
export type RoomsMessages = Record<keyof typeof rooms, string>;
export type RoomTypesMessages = Record<keyof typeof roomtypes, string>;
export type TwoFactorMessages = Record<keyof typeof twofactor, string>;
export type UpgradesMessages = Record<keyof typeof upgrades, string>;
export type UsersMessages = Record<keyof typeof users, string>;

/** Every server message: what `translate()`, `AppError` and its helpers accept. */
export type Messages = AirPolicyMessages &
  AlertsMessages &
  AuthMessages &
  BrokerMessages &
  BuildingsMessages &
  DepartmentsMessages &
  ErrorMessages &
  FieldsMessages &
  GuestServiceMessages &
  HotelMessages &
  HotelsMessages &
  ImportMessages &
  LiveMessages &
  ModesMessages &
  PowerMessages &
  LogsMessages &
  RolesMessages &
  RoomsMessages &
  RoomTypesMessages &
  UpgradesMessages &
  UsersMessages &
  TwoFactorMessages;
export type MessageKey = keyof Messages;

/** A request validation rule made human, by the keyword of the schema rule it broke (not a message key). */
export type ValidationMessages = Record<keyof typeof validation, string>;
