import { CALLS, ErrorCode } from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import { registerCalls } from '../../calls.js';
import { AppError } from '../../errors.js';
import { describeNotes } from '../airpolicy/notes.js';
import { explained, resultsOf } from './failures.js';

/** Commands to the RCUs (API.md "Device control"): a device failure is 4408, or a room's `error`. */
export async function controlRoutes(app: FastifyInstance) {
  const { control } = app.services;
  const timeoutMs = app.config.commandTimeoutMs;
  const explain = <T>(command: Promise<T>) =>
    command.catch((error: unknown) => {
      throw explained(error, timeoutMs);
    });

  registerCalls(app, CALLS.control, {
    room: async ({ actor, hotelId, body, request }) => {
      const { result, notes } = await explain(control.controlRoom(actor, hotelId, body.room_id, body.devices));
      // What the energy policy changed in the command, for the console to show beside the result.
      return notes.length > 0 ? { ...result, policy_note: describeNotes(request.language, notes) } : result;
    },
    air: async ({ actor, hotelId, body: { hotel_id: _, ac, ...filter }, request }) => {
      const chosen = ['room_ids', 'floor_num', 'room_type_id', 'building_id'] as const;
      if (!chosen.some((key) => filter[key] !== undefined)) throw new AppError(ErrorCode.invalid, 'live.noRoomsChosen');
      return resultsOf(await control.controlAir(actor, hotelId, filter, ac), request.language, timeoutMs);
    },
    rent: async ({ actor, hotelId, body, request }) =>
      resultsOf(await control.controlRent(actor, hotelId, body.room_ids, body.rent), request.language, timeoutMs),
    readParams: async ({ hotelId, body: { room_id } }) => ({
      room_id,
      params: await explain(control.readParams(hotelId, room_id)),
    }),
    writeParams: async ({ actor, hotelId, body: { room_id, params } }) => ({
      room_id,
      params: await explain(control.writeParams(actor, hotelId, room_id, params)),
    }),
  });
}
