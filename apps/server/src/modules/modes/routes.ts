import { CALLS } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { resultsOf } from '../control/failures.js';

/** Modes (pm_model): their device states and triggers; applied by hand from the room control screens. */
export async function modeRoutes(app: FastifyInstance) {
  const { modes } = app.services;
  const timeoutMs = app.config.commandTimeoutMs;
  registerCalls(app, CALLS.modes, {
    roomTypes: ({ hotelId }) => app.services.roomTypes.options(hotelId),
    list: ({ hotelId, body }) => modes.list(hotelId, body.room_type_id),
    add: ({ actor, hotelId, body }) => modes.add(actor, hotelId, body),
    update: ({ actor, hotelId, body }) => modes.update(actor, hotelId, body),
    remove: ({ actor, hotelId, body }) => modes.remove(actor, hotelId, body.id),
    saveSettings: ({ actor, hotelId, body }) => modes.saveSettings(actor, hotelId, body),
    options: ({ hotelId }) => modes.options(hotelId),
    apply: async ({ actor, hotelId, body, request }) =>
      resultsOf(await modes.applyByHand(actor, hotelId, body.room_ids, body.mode), request.language, timeoutMs),
  });
}
