import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  DeviceStateBody,
  EnvelopeSchema,
  ErrorCode,
  LiveDeviceState,
  LiveRoomState,
  RoomCtrlBody,
  RoomCtrlResult,
  RoomStateBody,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, hotelOf, read, write } from '../access.js';
import { ok } from '../envelope.js';
import { AppError, notFound } from '../errors.js';
import { DeviceCommandError, RoomNotFoundError } from './service.js';

const FAILURE_MESSAGES = {
  offline: 'live.deviceOffline',
  timeout: 'live.deviceTimeout',
  refused: 'live.deviceRefused',
  gateway: 'live.gatewayDown',
} as const;

/** A device failure as the operator reads it (4408, the message says which); other errors as they are. */
function explained(error: unknown, timeoutMs: number): unknown {
  if (error instanceof RoomNotFoundError) return notFound('live.roomNotFound');
  if (!(error instanceof DeviceCommandError)) return error;
  return new AppError(ErrorCode.device, FAILURE_MESSAGES[error.failure], {
    room: error.roomNum,
    seconds: timeoutMs / 1000,
    reason: error.detail,
  });
}

/** Live state of rooms and device control (API.md "Live state and alerts", "Device control"). */
export async function liveRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { live } = app.services;
  const tags = ['live'];

  api.post(
    '/redisroomstate',
    {
      config: read('pm_dashboard', { body: () => ({}) }),
      schema: {
        tags,
        summary:
          'Every room of the hotel (or of a floor, a building) with its live flags; a room never heard from is offline',
        body: RoomStateBody,
        response: { 200: EnvelopeSchema(Type.Array(LiveRoomState)) },
      },
    },
    async (request) => {
      const { hotel_id, ...filter } = request.body;
      return ok(await live.roomStates(hotelOf(actorOf(request), hotel_id), filter));
    },
  );

  api.post(
    '/redisdevicestate',
    {
      config: read('pm_roomdetail', { body: (ids) => ({ room_id: ids.room_id }) }),
      schema: {
        tags,
        summary: "A room's devices as its RCU last reported them, and its energy meter",
        body: DeviceStateBody,
        response: { 200: EnvelopeSchema(LiveDeviceState) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const state = await live.deviceState(request.body.room_id, actor.hotelId ?? request.body.hotel_id ?? null);
      if (!state) throw notFound('live.roomNotFound');
      return ok(state);
    },
  );

  api.post(
    '/roomctrl',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ room_id: ids.room_id, devices: { L1: { on: true } } }) }),
      schema: {
        tags,
        summary:
          "Change devices of a room: answers the RCU's ack result, or 4408 when it is offline, refuses, or does not answer in 10 s",
        body: RoomCtrlBody,
        response: { 200: EnvelopeSchema(RoomCtrlResult) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      try {
        return ok(await live.controlRoom(actor, request.body.room_id, request.body.devices));
      } catch (error) {
        throw explained(error, app.config.commandTimeoutMs);
      }
    },
  );
}
