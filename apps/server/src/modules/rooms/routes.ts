import multipart from '@fastify/multipart';
import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { UPLOAD_LIMITS, uploadOf } from './upload.js';

/** Rooms of a hotel (pm_roomdetail), their import and export. */
export async function roomRoutes(app: FastifyInstance) {
  await app.register(multipart, { limits: UPLOAD_LIMITS });
  const { rooms } = app.services;
  registerCalls(app, CALLS.rooms, {
    list: ({ actor, hotelId, body }) => rooms.list(actor, hotelId, body),
    all: ({ actor, hotelId, body }) => rooms.all(actor, hotelId, body),
    basic: ({ hotelId, body }) => rooms.basic(hotelId, body),
    upgradeList: ({ hotelId, body }) => rooms.upgradeList(hotelId, body),
    hotelRooms: ({ hotelId }) => rooms.hotelRooms(hotelId),
    add: ({ actor, hotelId, body, request }) => rooms.add(actor, hotelId, body, request.language),
    bulkAdd: ({ actor, hotelId, body, request }) => rooms.bulkAdd(actor, hotelId, body, request.language),
    update: ({ actor, hotelId, body, request }) => rooms.update(actor, hotelId, body, request.language),
    remove: ({ actor, hotelId, body }) => rooms.remove(actor, hotelId, body),
    regenerateKey: ({ actor, hotelId, body }) => rooms.regenerateKey(actor, hotelId, body),
    export: ({ hotelId, body, request }) => rooms.export(hotelId, body, request.language),
    exportKeys: ({ actor, hotelId, body }) => rooms.exportKeys(actor, hotelId, body),
    template: ({ hotelId, body, request }) => rooms.template(hotelId, body, request.language),
    // The form names the Administrator's hotel: resolved once it is read.
    import: async ({ actor, request }) => {
      const upload = await uploadOf(request);
      return rooms.import(actor, await request.resolveHotel(upload.hotelId), upload, request.language);
    },
  });
}
