import Type, { type Static } from 'typebox';
import { defineCalls } from './call.js';
import { Id, PageQuery, PageSchema } from './envelope.js';

/** The operation log: every change an operator makes (who, what, which hotel, when, from where). */
export const OPLOG_ACTIONS = [
  'login',
  'logout',
  'password_change',
  'login_alarm',
  'role_add',
  'role_update',
  'role_delete',
] as const;
export type OplogAction = (typeof OPLOG_ACTIONS)[number] | (string & {});

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
