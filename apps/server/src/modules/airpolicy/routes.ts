import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** The energy policy (API.md "Energy"): read and change the hotel's policy. */
export async function airPolicyRoutes(app: FastifyInstance) {
  const { airPolicy } = app.services;
  registerCalls(app, CALLS.airPolicy, {
    get: ({ hotelId }) => airPolicy.policy(hotelId),
    update: ({ actor, hotelId, body, request }) => airPolicy.update(actor, hotelId, body, request.language),
  });
}
