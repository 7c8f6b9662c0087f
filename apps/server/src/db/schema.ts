import type { ColumnType, Generated, Insertable, Kysely, Selectable, Transaction } from 'kysely';

/**
 * Tables as the code sees them. Column types mean the same on SQLite and PostgreSQL:
 * timestamps are ISO 8601 UTC text (`2026-11-21T08:00:00.000Z`, so text order is time order),
 * dates are `YYYY-MM-DD` text, booleans are integers 0/1, JSON is text.
 */
export interface HotelsTable {
  hotel_id: Generated<number>;
  hotel_name: string;
  province: string;
  city: string;
  area: string;
  address: string;
  welcome_word: string;
  validdate: string | null;
  created_at: string;
  /** 1: the hotel's users must sign in with two factors (modules/twofactor). */
  two_factor_required: ColumnType<number, number | undefined, number>;
}

export type UserState = 'enabled' | 'disabled';

export interface UsersTable {
  id: Generated<number>;
  hotel_id: number | null;
  user_name: string;
  password_hash: string;
  nick_name: string;
  phone: string;
  email: string;
  sex: string;
  state: UserState;
  dept_id: number | null;
  created_at: string;
  /** A free label: the shift or team (the API's `group`). */
  user_group: ColumnType<string, string | undefined, string>;
  /** When the user was deleted (its row stays, renamed, for its sessions to answer 4433); null while not. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A hotel's department (modules/departments); `parent_id` null at the top of the tree. */
export interface DepartmentsTable {
  id: Generated<number>;
  hotel_id: number;
  parent_id: number | null;
  name: string;
  sort: number;
  created_at: string;
  updated_at: string;
}

export interface RolesTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  /** JSON list of permission keys. */
  perms: string;
  created_at: string;
}

export interface UserRolesTable {
  user_id: number;
  role_id: number;
}

export type SessionEndReason = 'logout' | 'password' | 'disabled';

export interface SessionsTable {
  token_hash: string;
  user_id: number;
  hotel_id: number | null;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ended_at: string | null;
  ended_reason: SessionEndReason | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  user_name: string;
  ip: string;
  created_at: string;
}

/** A TOTP secret as stored: sealed with the device-key secret (modules/twofactor/secrets.ts). */
export type SealedTotpSecret = string & { readonly sealedTotp: unique symbol };

/** A user's two-factor sign-in: on once `secret` is set; `pending_secret` waits for its first code. */
export interface UserTwoFactorTable {
  user_id: number;
  secret: SealedTotpSecret | null;
  enabled_at: string | null;
  /** The time step of the last code taken: a code of this step or before is refused. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  pending_secret: SealedTotpSecret | null;
  pending_at: string | null;
}

/** A recovery code, hashed (SHA-256 of its normal form); used once. */
export interface TwoFactorRecoveryCodesTable {
  user_id: number;
  code_hash: string;
  created_at: string;
  used_at: string | null;
}

export type LoginChallengeKind = 'code' | 'enrol';

/** Between a right password and the second step: not a session. */
export interface LoginChallengesTable {
  token_hash: string;
  user_id: number;
  kind: LoginChallengeKind;
  /** The secret offered for setting up at login (`enrol`), sealed. */
  pending_secret: SealedTotpSecret | null;
  created_at: string;
  expires_at: string;
}

export interface OplogTable {
  id: Generated<number>;
  hotel_id: number | null;
  user_id: number | null;
  user_name: string;
  action: string;
  target: string;
  /** JSON. */
  detail: ColumnType<string, string | undefined, never>;
  ip: string;
  created_at: string;
}

export interface BuildingsTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  floor_from: number;
  floor_to: number;
  remark: string;
  created_at: string;
}

export interface RoomTypesTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  remark: string;
  /** JSON list of devices (the template). */
  devices: string;
  created_at: string;
  updated_at: string;
}

/** A device key as stored: sealed by `DeviceKeys.seal` (device-keys.ts), never the key itself. */
export type SealedDeviceKey = string & { readonly sealed: unique symbol };

export interface RoomsTable {
  id: Generated<number>;
  hotel_id: number;
  building_id: number;
  room_type_id: number;
  room_num: string;
  floor_num: number;
  rcu_id: string;
  mac: string;
  remark: string;
  validdate: string | null;
  versiontime: string | null;
  pubdate: string | null;
  fw: string | null;
  cfg: string | null;
  ir: string | null;
  /** The version of the last parameter file the RCU took (upgrades); null until one. */
  params_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Sealed with the device-key secret (device-keys.ts): `v1:…`; plaintext only from before sealing. */
  device_key: SealedDeviceKey;
  created_at: string;
  /** The rent state the server holds (room state control); null until set. */
  rent: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An event an RCU reported (PROTOCOL.md), once per RCU event id. */
export interface RoomEventsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  /** The RCU's id of the event (`e-…`). */
  event_id: string;
  type: string;
  detail: string;
  event_time: string;
  received_at: string;
  /** The event's `ts` as the RCU sent it (JSON text; null: none), kept even when not believed. */
  device_ts: ColumnType<string | null, string | null | undefined, string | null>;
  /** The message's text when an SOS outside the protocol was salvaged from it. */
  device_payload: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An alert (type 1 is SOS) from its raising until an operator confirms it. */
export interface AlertsTable {
  id: Generated<number>;
  hotel_id: number;
  room_id: number;
  type: number;
  room_event_id: number | null;
  content: string;
  event_time: string;
  created_at: string;
  confirmed_at: string | null;
  confirmed_by: number | null;
  confirmed_by_name: string;
  /** When the alert closed by itself, its condition over (door closed, RCU back, …); null while not. */
  cleared_at: string | null;
  /** Why: an AlertClearReason. */
  cleared_reason: string | null;
  /** When its condition was last reported still holding (a flood going on); null: never since raised. */
  held_at: string | null;
}

/** A room's last known live state (flags, devices, energy as JSON text), kept across restarts. */
export interface RoomLastStateTable {
  room_id: number;
  hotel_id: number;
  state: string;
  /** ISO time the RCU was last heard. */
  updated_at: string;
}

/** A pending persistent timer (modules/timers): fired once when due (claimed meanwhile), then its row is gone. */
export interface TimersTable {
  /** Unique: setting a timer with a key that exists replaces it. */
  key: string;
  hotel_id: number;
  room_id: number | null;
  /** Which handler fires it. */
  kind: string;
  /** ISO time it is due. */
  due_at: string;
  /** JSON given to the handler. */
  data: string;
  created_at: string;
  /** ISO time until which the instance that claimed it is firing it (null: not claimed). */
  claimed_until: string | null;
}

/** A hotel's saved energy policy (modules/airpolicy); none: the default applies. */
export interface AirPoliciesTable {
  hotel_id: number;
  /** JSON: the contract's AirPolicy. */
  policy: string;
  updated_at: string;
}

export interface HotelSettingsTable {
  hotel_id: number;
  door_open_alert_minutes: ColumnType<number, number | undefined, number>;
  offline_alert_minutes: ColumnType<number, number | undefined, number>;
  updated_at: string;
}

/** A mode (scene) of a room type; `builtin` 1 for the five every type has. */
export interface ModesTable {
  id: Generated<number>;
  hotel_id: number;
  room_type_id: number;
  name: string;
  builtin: number;
  /** JSON: device states by key. */
  devices: string;
  created_at: string;
  updated_at: string;
}

/** A room type's mode triggers: the card-out delay and the schedules (JSON). */
export interface ModeSettingsTable {
  room_type_id: number;
  hotel_id: number;
  leave_delay_min: number;
  schedules: string;
  updated_at: string;
}

/** A room's last meter reading (`energy.kwh`), so that counting goes on after a restart. */
export interface PowerMetersTable {
  room_id: number;
  hotel_id: number;
  kwh: number;
  read_at: string;
}

/** kWh a room used in an hour (`hour`: its start, ISO UTC). */
export interface PowerRoomHoursTable {
  room_id: number;
  hour: string;
  hotel_id: number;
  kwh: number;
}

/** kWh a hotel's rooms used in an hour, by one dimension (hotel, floor, room_type, rent) and its value. */
export interface PowerTotalsTable {
  hotel_id: number;
  dim: string;
  key: string;
  hour: string;
  kwh: number;
}

/** Days a hotel keeps each log (no row: LOG_RETENTION_DEFAULTS). */
export interface LogRetentionTable {
  hotel_id: number;
  oplog_days: number;
  event_days: number;
  updated_at: string;
}

/** An upgrade file; `content` is its bytes (kept in the database: every instance serves it). */
export interface UpgradeFilesTable {
  id: Generated<number>;
  hotel_id: number;
  kind: string;
  version: string;
  notes: string;
  size: number;
  sha256: string;
  content: Buffer;
  created_by: string;
  created_at: string;
  /** When it was removed while ended jobs name it (its content emptied); null while in use. */
  removed_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** An upgrade job; `settings` is JSON text (contract UpgradeJobSettings). */
export interface UpgradeJobsTable {
  id: Generated<number>;
  hotel_id: number;
  file_id: number;
  kind: string;
  state: string;
  pause_reason: string | null;
  settings: string;
  created_by: string;
  created_at: string;
  /** When the last batch's rooms had all ended: the pause between batches counts from it. */
  batch_ended_at: string | null;
  /** The last batch whose failures the engineer accepted by resuming (the rate is judged per batch). */
  accepted_batch: number | null;
  ended_at: string | null;
}

/** Background work run once in the cluster: who holds it, and until when (modules/timers/leases.ts). */
export interface ClusterLeasesTable {
  name: string;
  holder: string;
  expires_at: string;
}

export interface UpgradeJobRoomsTable {
  job_id: number;
  room_id: number;
  hotel_id: number;
  state: string;
  progress: number;
  error: string | null;
  batch: number | null;
  started_at: string | null;
  ended_at: string | null;
}

/** A hotel's goods (modules/guestservice); `price` in minor units (cents), `type` one of GOODS_TYPES. */
export interface GoodsTable {
  id: Generated<number>;
  hotel_id: number;
  name: string;
  description: string;
  number: number;
  type: string;
  price: number;
  created_at: string;
  updated_at: string;
}

/** A hotel's questions and answers (modules/guestservice); `type` one of QUESTION_TYPES. */
export interface QuestionsTable {
  id: Generated<number>;
  hotel_id: number;
  question: string;
  reply: string;
  type: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  hotels: HotelsTable;
  users: UsersTable;
  roles: RolesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  user_two_factor: UserTwoFactorTable;
  two_factor_recovery_codes: TwoFactorRecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  oplog: OplogTable;
  buildings: BuildingsTable;
  room_types: RoomTypesTable;
  rooms: RoomsTable;
  room_events: RoomEventsTable;
  alerts: AlertsTable;
  hotel_settings: HotelSettingsTable;
  room_last_state: RoomLastStateTable;
  timers: TimersTable;
  modes: ModesTable;
  mode_settings: ModeSettingsTable;
  power_meters: PowerMetersTable;
  power_room_hours: PowerRoomHoursTable;
  power_totals: PowerTotalsTable;
  log_retention: LogRetentionTable;
  air_policies: AirPoliciesTable;
  upgrade_files: UpgradeFilesTable;
  upgrade_jobs: UpgradeJobsTable;
  upgrade_job_rooms: UpgradeJobRoomsTable;
  goods: GoodsTable;
  questions: QuestionsTable;
  cluster_leases: ClusterLeasesTable;
  departments: DepartmentsTable;
}

/** A database handle or an open transaction: repository functions take either. */
export type Db = Kysely<Database> | Transaction<Database>;

export type HotelRow = Selectable<HotelsTable>;
export type UserRow = Selectable<UsersTable>;
export type DepartmentRow = Selectable<DepartmentsTable>;
export type RoleRow = Selectable<RolesTable>;
export type SessionRow = Selectable<SessionsTable>;
export type OplogRow = Selectable<OplogTable>;
export type NewOplogRow = Insertable<OplogTable>;
export type BuildingRow = Selectable<BuildingsTable>;
export type RoomTypeRow = Selectable<RoomTypesTable>;
export type RoomRow = Selectable<RoomsTable>;
export type NewRoomRow = Insertable<RoomsTable>;
export type RoomEventRow = Selectable<RoomEventsTable>;
export type AlertRow = Selectable<AlertsTable>;
