import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

export async function buildingRoutes(app: FastifyInstance) {
  const { buildings } = app.services;
  registerCalls(app, CALLS.buildings, {
    list: ({ hotelId, body }) => buildings.list(hotelId, body),
    add: ({ actor, hotelId, body }) => buildings.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => buildings.update(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => buildings.remove(actor, hotelId, body),
  });
}
