import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { notFound } from '../../errors.js';

/** Live state of rooms (API.md "Live state and alerts"); the socket is socket.ts. */
export async function liveRoutes(app: FastifyInstance) {
  const { live } = app.services;
  registerCalls(app, CALLS.live, {
    roomStates: ({ hotelId, body: { hotel_id: _, ...filter } }) => live.roomStates(hotelId, filter),
    deviceState: async ({ hotelId, body }) => {
      const state = await live.deviceState(body.room_id, hotelId);
      if (!state) throw notFound('live.roomNotFound');
      return state;
    },
    roomDevices: ({ hotelId, body: { hotel_id: _, ...filter } }) => live.roomDevices(hotelId, filter),
    airStates: ({ hotelId, body: { hotel_id: _, ...filter } }) => live.airStates(hotelId, filter),
  });
}
