import { type Language, type PermissionKey, WILDCARD } from '@roompilot/contract';
import type { FastifyRequest } from 'fastify';
import { AppError, invalid } from './errors.js';

/**
 * What a route needs, declared next to its path in `config`:
 * - a permission key: holders of it (or of `*`); visitors may call it when it only reads;
 * - `public`: anyone (login, site, docs, the console);
 * - `session`: any signed-in user, visitors included (logout, userinfo, pwd);
 * - `staff`: any signed-in user, but a visitor only when the route reads (confirming an alert:
 *   every member of staff must be able to confirm an SOS, the read-only visitor may not);
 * - `admin`: the platform Administrator only.
 */
export type Access = PermissionKey | 'public' | 'session' | 'staff' | 'admin';

/**
 * How the route walk test (test-support/route-walk.ts) calls a route with ids of another
 * hotel's rows: `body` builds a valid body from the walk fixture's ids (`role_id`, …). Without
 * it the walk builds one from the body schema.
 */
export interface RouteWalk {
  body?: (ids: Readonly<Record<string, number>>) => Record<string, unknown>;
  /** The call ends the caller's session (logout): the walk gives it a session of its own. */
  endsSession?: boolean;
  /** Success answers a file (an export), not an envelope: the walk accepts a 200 attachment. */
  answersFile?: boolean;
  /** The call takes multipart/form-data (an import): the walk sends this form, aimed at hotel A's rows. */
  multipart?: (ids: Readonly<Record<string, number>>) => WalkForm;
}

/** A multipart form of the walk: text fields and one file. */
export interface WalkForm {
  fields: Record<string, string>;
  file?: { filename: string; content: string | Buffer };
}

export interface RouteAccess {
  access: Access;
  /** Changes data: refused to visitors, written to the operation log. */
  write: boolean;
  walk?: RouteWalk;
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
    language: Language;
  }
}

export const read = (access: Access, walk?: RouteWalk): RouteAccess => ({ access, write: false, walk });
export const write = (access: Access, walk?: RouteWalk): RouteAccess => ({ access, write: true, walk });

/** Checks a caller against a route's declared access; throws 4403 when refused. */
export function authorize(actor: Actor, route: RouteAccess): void {
  const { access } = route;
  if (access === 'public' || access === 'session') return;
  if (actor.isAdmin) return;
  if (access === 'staff') {
    if (route.write && actor.perms.length === 0) throw new AppError(4403, 'error.visitorReadOnly');
    return;
  }
  if (access === 'admin') throw new AppError(4403, 'error.adminOnly');
  if (actor.perms.includes(WILDCARD) || actor.perms.includes(access)) return;
  if (actor.perms.length === 0) {
    if (!route.write) return;
    throw new AppError(4403, 'error.visitorReadOnly');
  }
  throw new AppError(4403, 'error.forbidden');
}

/** The caller as the operation log records it. */
export function who(actor: Actor) {
  return { hotelId: actor.hotelId, userId: actor.userId, userName: actor.userName, ip: actor.ip };
}

/**
 * The hotel a hotel-scoped call acts on: a hotel user's own, whatever it asks for; the
 * Administrator names one with `hotel_id`.
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
