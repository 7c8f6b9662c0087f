import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** Roles of a hotel: the People screen's, so pm_user. */
export async function roleRoutes(app: FastifyInstance) {
  const { roles } = app.services;
  registerCalls(app, CALLS.roles, {
    list: ({ hotelId, body }) => roles.list(hotelId, body),
    add: ({ actor, hotelId, body }) => roles.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => roles.update(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => roles.remove(actor, hotelId, body),
  });
}
