import Type, { type Static, type TSchema } from 'typebox';

/** Every answer is `{code, message, data}`; `code` 0 is success. */
export interface Envelope<T> {
  code: number;
  message: string;
  data: T;
}

export function EnvelopeSchema<T extends TSchema>(data: T) {
  return Type.Object({ code: Type.Integer(), message: Type.String(), data });
}

export const ErrorEnvelopeSchema = Type.Object({
  code: Type.Integer(),
  message: Type.String(),
  data: Type.Null(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelopeSchema>;

/** Paging of list calls (API.md "Lists"): page from 1, size at most 500. */
export const PAGE_SIZE_MAX = 500;
export const PAGE_SIZE_DEFAULT = 20;

export const PageQuery = {
  current: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: PAGE_SIZE_MAX, default: PAGE_SIZE_DEFAULT })),
};

export function PageSchema<T extends TSchema>(record: T) {
  return Type.Object({
    records: Type.Array(record),
    total: Type.Integer(),
    current: Type.Integer(),
    size: Type.Integer(),
  });
}

export interface Page<T> {
  records: T[];
  total: number;
  current: number;
  size: number;
}

/** A row id: a positive 32-bit integer (what both databases store). */
export const ID_MAX = 2_147_483_647;
export const Id = Type.Integer({ minimum: 1, maximum: ID_MAX });

/**
 * The hotel a hotel-scoped call acts on: the Administrator names it; a hotel user's own hotel is
 * used whatever it sends.
 */
export const HotelTarget = { hotel_id: Type.Optional(Id) };
