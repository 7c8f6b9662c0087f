import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** A hotel's departments (pm_dept; the list also for pm_user's department picker). */
export async function departmentRoutes(app: FastifyInstance) {
  const { departments } = app.services;
  registerCalls(app, CALLS.departments, {
    list: ({ hotelId }) => departments.list(hotelId),
    add: ({ actor, hotelId, body }) => departments.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => departments.update(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => departments.remove(actor, hotelId, body),
  });
}
