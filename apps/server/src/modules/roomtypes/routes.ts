import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';

/** Room types and their device templates (pm_roomtype; the roomtypedevice screen is pm_roomdetail). */
export async function roomTypeRoutes(app: FastifyInstance) {
  const { roomTypes } = app.services;
  registerCalls(app, CALLS.roomTypes, {
    list: ({ hotelId, body }) => roomTypes.list(hotelId, body),
    detail: ({ hotelId, body }) => roomTypes.detail(hotelId, body),
    options: ({ hotelId }) => roomTypes.options(hotelId),
    add: ({ actor, hotelId, body }) => roomTypes.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => roomTypes.update(actor, hotelId, body),
    saveDevices: ({ actor, hotelId, body }) => roomTypes.saveDevices(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => roomTypes.remove(actor, hotelId, body),
  });
}
