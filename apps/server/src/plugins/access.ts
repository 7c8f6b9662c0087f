import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { authorize, type RouteAccess } from '../access.js';
import type { AuthService } from '../modules/auth/service.js';
import { bearerToken } from '../modules/auth/tokens.js';

export interface RegisteredRoute {
  method: string;
  url: string;
  options: RouteOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route with its declared access, in registration order (the route walk reads it). */
    registeredRoutes: RegisteredRoute[];
  }
}

/**
 * Enforces each route's declared access (access.ts) before anything else runs: no token 4401,
 * no permission 4403. A route declared without access stops the app from starting.
 */
export const accessPlugin = fp(
  async (app: FastifyInstance, options: { auth: AuthService }) => {
    const routes: RegisteredRoute[] = [];
    app.decorate('registeredRoutes', routes);
    app.decorateRequest('actor', null);

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
    });

    app.addHook('onRequest', async (request) => {
      const config = request.routeOptions.config;
      if (request.is404 || config.access === undefined || config.access === 'public') return;
      request.actor = await options.auth.authenticate(bearerToken(request.headers.authorization), request.ip);
      authorize(request.actor, config as RouteAccess);
    });
  },
  { name: 'access' },
);
