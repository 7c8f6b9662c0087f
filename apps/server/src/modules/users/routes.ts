import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** A hotel's users (pm_user): API.md's /sys_user calls and SPEC.md's older ones, one service. */
export async function userRoutes(app: FastifyInstance) {
  const { users } = app.services;
  registerCalls(app, CALLS.users, {
    list: ({ hotelId, body }) => users.list(hotelId, body),
    add: ({ actor, hotelId, body }) => users.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => users.update(actor, hotelId, body),
    setRoles: ({ actor, hotelId, body }) => users.setRoles(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => users.remove(actor, hotelId, body),
    resetPassword: ({ actor, hotelId, body }) => users.resetPassword(actor, hotelId, body),
    legacyList: ({ hotelId, body }) => users.list(hotelId, body),
    legacyAdd: ({ actor, hotelId, body }) => users.add(actor, hotelId, body),
    legacyUpdate: ({ actor, hotelId, body }) => users.update(actor, hotelId, body),
    legacyRemove: ({ actor, hotelId, body }) => users.remove(actor, hotelId, body),
  });
}
