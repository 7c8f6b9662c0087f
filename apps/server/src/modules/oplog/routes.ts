import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

export async function oplogRoutes(app: FastifyInstance) {
  const { oplog } = app.services;
  registerCalls(app, CALLS.oplog, {
    query: ({ hotelId, body, request }) => oplog.query(hotelId, body, request.language),
  });
}
