import type { Static, TSchema } from 'typebox';
import type { PermissionKey } from './permissions.js';

/**
 * Who may make a call:
 * - a permission key: holders of it (or of `*`); visitors too when the call only reads;
 * - a list of permission keys: holders of any of them (the upgrades: one call for the four kinds
 *   of file, each kind its own key, which the service checks once it knows the kind);
 * - `public`: no session asked: anyone (login, site), or a device that proves itself otherwise (an
 *   RCU's signed upgrade link, a room's TV with the RCU's credentials on `guestinfo`);
 * - `session`: any signed-in user, visitors included (logout, userinfo, pwd);
 * - `staff`: any signed-in user, but a visitor only when the call reads (confirming an alert:
 *   every member of staff must be able to confirm an SOS, the read-only visitor may not);
 * - `admin`: the platform Administrator only.
 */
export type Access = PermissionKey | readonly PermissionKey[] | 'public' | 'session' | 'staff' | 'admin';

export type CallMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * One API call, declared once: the server registers its handler from it, the console and the
 * tools call it through a client typed from it, OpenAPI and the permission walk read it.
 */
export interface Call {
  method: CallMethod;
  /** Below `/apis`. */
  path: string;
  access: Access;
  /** Changes data: refused to visitors, written to the operation log. */
  write: boolean;
  /**
   * Acts on one hotel's rows: a hotel user's own whatever it asks for; the Administrator names one
   * with `hotel_id` (in the body, the query or, for an upload, the form). The server resolves it
   * once, before the handler runs. `optional`: the same for a hotel user; the Administrator may
   * name a hotel or none, and then acts across hotels (a room found by its id).
   */
  hotelScoped: boolean | 'optional';
  summary: string;
  description?: string;
  /** The JSON body. */
  body?: TSchema;
  /** The query string. */
  query?: TSchema;
  /** The `data` of the success envelope; absent when the call answers a file or is a socket. */
  response?: TSchema;
  /**
   * `file`: success answers an attachment (an export), not an envelope. `socket`: the call is a
   * WebSocket (the server registers its route by hand from the table; clients open the socket).
   * `stream`: the handler answers through the reply itself (an RCU's download, with HTTP Range;
   * a broker's HTTP authentication, whose `response` is then the answer itself, not an envelope).
   */
  answers?: 'file' | 'socket' | 'stream';
  /** `multipart`: the call takes multipart/form-data (an import) instead of a JSON body. */
  takes?: 'multipart';
}

/** A domain's calls by name; the domain is its OpenAPI tag and its name in `api.<domain>`. */
export interface CallGroup<Calls extends Record<string, Call> = Record<string, Call>> {
  domain: string;
  calls: Calls;
}

/** Declares a domain's calls, keeping each schema's type for the server's handlers and the clients. */
export function defineCalls<const Calls extends Record<string, Call>>(domain: string, calls: Calls): CallGroup<Calls> {
  return { domain, calls };
}

/** The JSON body a call takes (`undefined` when it takes none). */
export type BodyOf<C extends Call> = C['body'] extends TSchema ? Static<C['body']> : undefined;
/** The query a call takes (`undefined` when it takes none). */
export type QueryOf<C extends Call> = C['query'] extends TSchema ? Static<C['query']> : undefined;
/** The `data` of a call's success envelope. */
export type DataOf<C extends Call> = C['response'] extends TSchema ? Static<C['response']> : null;

/** What a client needs of a call at run time: where it goes and how it answers. */
export type CallRoute = Pick<Call, 'method' | 'path' | 'answers' | 'takes'>;

/** The table's routes by domain and name: the console ships these, not the schemas. */
export type CallRoutes = Record<string, Record<string, CallRoute>>;

/** The routes of a table of calls, without the schemas (the console's build embeds them). */
export function routesOf(table: Readonly<Record<string, CallGroup>>): CallRoutes {
  return Object.fromEntries(
    Object.entries(table).map(([domain, group]) => [
      domain,
      Object.fromEntries(
        Object.entries(group.calls).map(([name, { method, path, answers, takes }]) => [
          name,
          { method, path, ...(answers && { answers }), ...(takes && { takes }) },
        ]),
      ),
    ]),
  );
}

/** Who may make a call, as the console checks it before offering an action (`mayCall`). */
export type CallAccess = Pick<Call, 'access' | 'write'>;

/** The access of every call of a table by `domain.name`: the console's build embeds it. */
export function accessOf(table: Readonly<Record<string, CallGroup>>): Record<string, CallAccess> {
  return Object.fromEntries(
    Object.entries(table).flatMap(([domain, group]) =>
      Object.entries(group.calls).map(([name, { access, write }]) => [`${domain}.${name}`, { access, write }]),
    ),
  );
}
