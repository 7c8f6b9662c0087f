import { type Access, type Language, mayCall } from '@roompilot/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.js';

export type { Access };

export interface RouteAccess {
  access: Access;
  /** Changes data: refused to visitors, written to the operation log. */
  write: boolean;
  /** The hotel is resolved before the handler runs (contract `Call.hotelScoped`). */
  hotelScoped?: boolean | 'optional';
  /** `domain.name` of the call in the table. */
  call?: string;
}

/** The signed-in caller of a request. */
export interface Actor {
  userId: number;
  userName: string;
  /** Null for the platform Administrator. */
  hotelId: number | null;
  isAdmin: boolean;
  roles: string[];
  perms: string[];
  tokenHash: string;
  ip: string;
}

declare module 'fastify' {
  interface FastifyContextConfig extends Partial<RouteAccess> {}
  interface FastifyRequest {
    actor: Actor | null;
    /** The hotel a hotel-scoped call acts on (plugins/access.ts); null on other calls. */
    hotelId: number | null;
    /**
     * Resolves the hotel of a hotel-scoped upload, whose `hotel_id` is a form field the handler
     * reads: the same rule and check as the hook's.
     */
    resolveHotel(requested: number | undefined): Promise<number>;
    language: Language;
  }
}

/** The access of a route outside the table of calls (the console's pages, test routes). */
export const read = (access: Access): RouteAccess => ({ access, write: false });

const REFUSED = { visitor: 'error.visitorReadOnly', forbidden: 'error.forbidden', admin: 'error.adminOnly' } as const;

/**
 * Checks a caller against a route's declared access; throws 4403 when refused. The rule is the
 * contract's `mayCall`, the one the console asks before it offers an action.
 */
export function authorize(actor: Actor, route: RouteAccess): void {
  const verdict = mayCall(actor, route);
  if (!verdict.allowed) throw new AppError(4403, REFUSED[verdict.reason]);
}

/** The caller as the operation log records it, acting on `hotelId` (its own hotel by default). */
export function who(actor: Actor, hotelId: number | null = actor.hotelId) {
  return { hotelId, userId: actor.userId, userName: actor.userName, ip: actor.ip };
}

/**
 * The hotel a hotel-scoped call acts on: a hotel user's own, whatever it asks for; the
 * Administrator names one with `hotel_id`. The access hook (plugins/access.ts) calls it once per
 * request and also checks that the Administrator's hotel exists.
 */
export function hotelOf(actor: Actor, requested: number | undefined): number {
  if (actor.hotelId !== null) return actor.hotelId;
  if (requested === undefined) throw invalid('hotel.required');
  return requested;
}

/** The signed-in caller of a route whose access is not `public`. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actor) throw new AppError(4401, 'auth.unauthenticated');
  return request.actor;
}
