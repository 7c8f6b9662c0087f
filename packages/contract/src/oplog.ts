import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { Id, PageQuery, PageSchema } from './envelope.js';

/**
 * The operation log: every change an operator makes (who, what, which hotel, when, from where).
 * Every action the server records, by its stored key: `recordOperation` takes only these, and the
 * log screen and its exports word each of them (`logs.action.<key>` in every language of the
 * server and of the console; logs/actions.test.ts checks both).
 */
export const OPLOG_ACTIONS = [
  // auth, two-factor
  'login',
  'logout',
  'password_change',
  'login_alarm',
  'two_factor_enable',
  'two_factor_disable',
  'two_factor_reset',
  'two_factor_recovery_regenerate',
  'two_factor_requirement',
  // hotels
  'hotel_add',
  'hotel_update',
  'hotel_delete',
  'validity_update',
  'hotel_settings_update',
  'log_retention_update',
  // roles, users, departments
  'role_add',
  'role_update',
  'role_delete',
  'user_add',
  'user_update',
  'user_roles',
  'user_delete',
  'user_password_reset',
  'dept_add',
  'dept_update',
  'dept_delete',
  // buildings, room types, rooms
  'building_add',
  'building_update',
  'building_delete',
  'roomtype_add',
  'roomtype_update',
  'roomtype_devices',
  'roomtype_delete',
  'room_add',
  'rooms_add',
  'room_update',
  'room_delete',
  'room_import',
  'room_key',
  'room_key_export',
  // modes (pm_model)
  'mode_add',
  'mode_update',
  'mode_delete',
  'mode_settings',
  'mode_apply',
  // air policy (pm_config), control
  'air_policy_update',
  'room_control',
  'air_control',
  'room_state_control',
  'params_set',
  'alert_confirm',
  // upgrades: files (parameter sets too), jobs
  'upgrade_file_add',
  'upgrade_file_delete',
  'upgrade_job_add',
  'upgrade_job_retry',
  'upgrade_job_cancel',
  'upgrade_job_pause',
  'upgrade_job_resume',
  // guest service
  'goods_add',
  'goods_update',
  'goods_delete',
  'question_add',
  'question_update',
  'question_delete',
  'welcome_update',
] as const;
export type OplogAction = (typeof OPLOG_ACTIONS)[number];

export const OplogEntry = Type.Object({
  id: Type.Integer(),
  hotel_id: Type.Union([Type.Integer(), Type.Null()]),
  user_id: Type.Union([Type.Integer(), Type.Null()]),
  user_name: Type.String(),
  action: Type.String(),
  target: Type.String(),
  detail: Type.Unknown(),
  ip: Type.String(),
  created_at: Type.String(),
  /** The action in the caller's language. */
  action_text: Type.String(),
  /** The detail in words. */
  text: Type.String(),
});
export type OplogEntry = Static<typeof OplogEntry>;

export const OplogFilter = Type.Object(
  {
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    user_name: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    keyword: Type.Optional(Type.String({ minLength: 1, maxLength: 128 })),
    from: Type.Optional(Type.String({ format: 'date-time' })),
    to: Type.Optional(Type.String({ format: 'date-time' })),
  },
  { additionalProperties: false },
);
export type OplogFilter = Static<typeof OplogFilter>;

export const OplogQueryBody = Type.Object(
  { ...PageQuery, filter: Type.Optional(OplogFilter), hotel_id: Type.Optional(Id) },
  { additionalProperties: false },
);
export type OplogQueryBody = Static<typeof OplogQueryBody>;

export const oplogCalls = defineCalls('oplog', {
  query: {
    method: 'POST',
    path: '/oplog/query',
    access: 'pm_logstatistics',
    write: false,
    hotelScoped: true,
    summary: "A page of the hotel's operation log, newest first",
    body: OplogQueryBody,
    response: PageSchema(OplogEntry),
  },
});
