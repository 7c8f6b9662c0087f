import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** Power statistics of a hotel (pm_powerstatistics; API.md "Energy"). */
export async function powerRoutes(app: FastifyInstance) {
  const { power } = app.services;
  registerCalls(app, CALLS.power, {
    statistics: ({ hotelId, body, request }) => power.statistics(hotelId, body, request.language),
    top: ({ hotelId, body }) => power.top(hotelId, body),
    saving: ({ hotelId, body }) => power.saving(hotelId, body),
    export: ({ hotelId, body, request }) => power.export(hotelId, body, request.language),
  });
}
