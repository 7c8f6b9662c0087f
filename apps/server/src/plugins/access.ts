import type { CallGroup } from '@roompilot/contract';
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authorize, hotelOf, type RouteAccess } from '../access.js';
import { tableRoutes } from '../calls.js';
import { notFound } from '../errors.js';
import type { AuthService } from '../modules/auth/service.js';
import { bearerToken } from '../modules/auth/tokens.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order. */
    registeredRoutes: RegisteredRoute[];
  }
}

export interface AccessOptions {
  auth: AuthService;
  /** Whether a hotel exists: the Administrator may name any id, a missing one is 4404. */
  hotelExists(hotelId: number): Promise<boolean>;
  /** The table of calls: each must have its route. */
  calls: readonly CallGroup[];
}

/** `hotel_id` of a hotel-scoped call's body or query (only the Administrator's is heeded). */
function requestedHotel(request: FastifyRequest): number | undefined {
  for (const part of [request.body, request.query]) {
    const value = (part as { hotel_id?: unknown } | undefined)?.hotel_id;
    if (typeof value === 'number') return value;
  }
  return undefined;
}

/**
 * Enforces each route's declared access (access.ts) before anything else runs: no token 4401,
 * no permission 4403; then resolves the hotel of a hotel-scoped call, once, into
 * `request.hotelId`. A route declared without access, or a call of the table without its route,
 * stops the app from starting.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: AccessOptions) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.decorateRequest('actor', null);
    app.decorateRequest('hotelId', null);

    async function resolveHotel(request: FastifyRequest, requested: number | undefined): Promise<number> {
      const actor = request.actor;
      if (!actor) throw new Error('a hotel-scoped call without a caller');
      const hotelId = hotelOf(actor, requested);
      if (actor.hotelId === null && !(await options.hotelExists(hotelId))) throw notFound('hotel.notFound');
      return hotelId;
    }
    app.decorateRequest('resolveHotel', function (this: FastifyRequest, requested: number | undefined) {
      return resolveHotel(this, requested);
    });

    app.addHook('onRoute', (route) => {
      if (route.config?.access !== undefined && route.config.access !== 'public') {
        route.schema = { ...route.schema, security: [{ bearer: [] }] };
      }
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routes.push({ method, url: route.url, options: route });
      }
    });

    app.addHook('onReady', async () => {
      const undeclared = routes.filter(
        ({ options }) => options.config?.access === undefined || options.config.write === undefined,
      );
      if (undeclared.length > 0) {
        const list = undeclared.map(({ method, url }) => `${method} ${url}`).join(', ');
        throw new Error(`Routes without a declared access (config.access and config.write): ${list}`);
      }
      const registered = new Set(routes.map(({ method, url }) => `${method} ${url}`));
      const missing = tableRoutes(options.calls)
        .map(({ method, url }) => `${method} ${url}`)
        .filter((key) => !registered.has(key));
      if (missing.length > 0) throw new Error(`Calls of the table without a route: ${missing.join(', ')}`);
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (request.is404 || config.access === undefined || config.access === 'public') return;
      request.actor = await options.auth.authenticate(bearerToken(request.headers.authorization), request.ip);
      authorize(request.actor, config as RouteAccess);
    });

    // After validation, so that `hotel_id` is known to be an id.
    app.addHook('preHandler', async (request) => {
      const config = request.routeOptions.config;
      if (!config.hotelScoped) return;
      const requested = requestedHotel(request);
      const acrossHotels =
        config.hotelScoped === 'optional' && request.actor?.hotelId === null && requested === undefined;
      request.hotelId = acrossHotels ? null : await resolveHotel(request, requested);
    });
  },
  { name: 'access' },
);
