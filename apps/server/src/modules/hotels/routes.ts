import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** Hotels and their validity periods: the platform Administrator's calls (pm_hotel, pm_validdate). */
export async function hotelRoutes(app: FastifyInstance) {
  const { hotels } = app.services;
  registerCalls(app, CALLS.hotels, {
    list: ({ body }) => hotels.list(body),
    add: ({ actor, body }) => hotels.add(actor, body),
    update: ({ actor, body }) => hotels.update(actor, body),
    remove: ({ actor, body }) => hotels.remove(actor, body),
    validityList: ({ body }) => hotels.validityList(body),
    validityUpdate: ({ actor, body }) => hotels.validityUpdate(actor, body),
  });
}
