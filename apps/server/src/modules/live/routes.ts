import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AirControlBody,
  AirStateBody,
  AlertConfirmBody,
  AlertList,
  AlertListBody,
  ControlResult,
  DeviceStateBody,
  EnvelopeSchema,
  ErrorCode,
  HotelSettings,
  HotelSettingsBody,
  HotelSettingsUpdateBody,
  type Language,
  LiveDeviceState,
  LiveRoomState,
  ParamsGetBody,
  ParamsResult,
  ParamsSetBody,
  RoomAirState,
  RoomCtrlBody,
  RoomCtrlResult,
  RoomDeviceStateBody,
  RoomDevices,
  RoomStateBody,
  RoomStateControlBody,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, hotelOf, read, write } from '../access.js';
import { ok } from '../envelope.js';
import { AppError, notFound } from '../errors.js';
import { translate } from '../i18n.js';
import { DeviceCommandError, RoomNotFoundError, type RoomOutcome } from './service.js';

const FAILURE_MESSAGES = {
  offline: 'live.deviceOffline',
  timeout: 'live.deviceTimeout',
  refused: 'live.deviceRefused',
  gateway: 'live.gatewayDown',
  no_ac: 'live.noAirConditioner',
} as const;

function paramsOfFailure(error: DeviceCommandError, timeoutMs: number) {
  return { room: error.roomNum, seconds: timeoutMs / 1000, reason: error.detail };
}

/** A device failure as the operator reads it (4408, the message says which); other errors as they are. */
function explained(error: unknown, timeoutMs: number): unknown {
  if (error instanceof RoomNotFoundError) return notFound('live.roomNotFound');
  if (!(error instanceof DeviceCommandError)) return error;
  return new AppError(ErrorCode.device, FAILURE_MESSAGES[error.failure], paramsOfFailure(error, timeoutMs));
}

/** Per-room results of a control call, each failure in the caller's language. */
function resultsOf(outcomes: RoomOutcome[] | null, language: Language, timeoutMs: number): ControlResult[] {
  if (!outcomes) throw notFound('live.roomNotFound');
  return outcomes.map(({ room_id, room_num, failure }) => ({
    room_id,
    room_num,
    ok: failure === null,
    error: failure && translate(language, FAILURE_MESSAGES[failure.failure], paramsOfFailure(failure, timeoutMs)),
  }));
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

  api.post(
    '/redisroomdevicestate',
    {
      config: read('pm_dashboard', { body: () => ({}) }),
      schema: {
        tags,
        summary: "Every room's devices (of the hotel, a floor or a building) as the RCUs last reported them",
        body: RoomDeviceStateBody,
        response: { 200: EnvelopeSchema(Type.Array(RoomDevices)) },
      },
    },
    async (request) => {
      const { hotel_id, ...filter } = request.body;
      return ok(await live.roomDevices(hotelOf(actorOf(request), hotel_id), filter));
    },
  );

  api.post(
    '/redisairstate',
    {
      config: read('pm_dashboard', { body: () => ({}) }),
      schema: {
        tags,
        summary: "Every room's air conditioners (devices AC…): on, mode, set, temp, fan",
        body: AirStateBody,
        response: { 200: EnvelopeSchema(Type.Array(RoomAirState)) },
      },
    },
    async (request) => {
      const { hotel_id, ...filter } = request.body;
      return ok(await live.airStates(hotelOf(actorOf(request), hotel_id), filter));
    },
  );

  api.post(
    '/redisroomspecialstate',
    {
      config: read('staff'),
      schema: {
        tags,
        summary:
          "The hotel's open alerts, oldest first: {data:[{id, type, room_id, room_num, event_content, event_time}]}",
        description:
          "For every signed-in user of the hotel (the alert popup of the shell). Type 1 is SOS; event_content is in the caller's language. The body may be left out; the Administrator names the hotel with `hotel_id` (no hotel: an empty list).",
        body: AlertListBody,
        response: { 200: EnvelopeSchema(AlertList) },
      },
      // The console polls it without a body (SPEC.md: no payload).
      preValidation: async (request) => {
        request.body ??= {};
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const hotelId = actor.hotelId ?? request.body.hotel_id;
      if (hotelId === undefined) return ok({ data: [] });
      return ok({ data: await live.openAlerts(hotelId, request.language) });
    },
  );

  api.post(
    '/delredisroomspecialstate',
    {
      config: write('staff', { body: (ids) => ({ id: ids.alert_id }) }),
      schema: {
        tags,
        summary: 'Confirm an alert (the body is the alert as shown; only id counts)',
        description:
          'Records who confirmed it and when, writes the operation log, and sends alert_closed to every console of the hotel. Any signed-in user of the hotel may confirm, except a visitor (4403). Confirming an alert that is confirmed already answers code 0 and changes nothing; an id that is not an alert of the hotel is 4404.',
        body: AlertConfirmBody,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const outcome = await live.confirmAlert(actor, hotelOf(actor, request.body.hotel_id), request.body.id);
      if (outcome === 'missing') throw notFound('live.alertNotFound');
      return ok(null);
    },
  );

  api.post(
    '/aircontrol',
    {
      config: write('pm_aircontrl', { body: (ids) => ({ room_ids: [ids.room_id], ac: { on: true } }) }),
      schema: {
        tags,
        summary: 'Air control: one AC change to many rooms, a result per room',
        description:
          "The rooms are `room_ids`, or every room matching floor_num, room_type_id and building_id (at least one of these, 4400 otherwise); a room id that is not the hotel's is 4404 and nothing is sent. The change goes to every AC device of each room's type, 16 rooms at a time, each waiting for its RCU's ack (10 s). `error` says why a room failed (offline, no answer, refused, no AC).",
        body: AirControlBody,
        response: { 200: EnvelopeSchema(Type.Array(ControlResult)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { hotel_id, ac, ...filter } = request.body;
      const chosen = ['room_ids', 'floor_num', 'room_type_id', 'building_id'] as const;
      if (!chosen.some((key) => filter[key] !== undefined)) throw new AppError(ErrorCode.invalid, 'live.noRoomsChosen');
      const outcomes = await live.controlAir(actor, hotelOf(actor, hotel_id), filter, ac);
      return ok(resultsOf(outcomes, request.language, app.config.commandTimeoutMs));
    },
  );

  api.post(
    '/roomstatecontrol',
    {
      config: write('pm_roomstatecontrl', { body: (ids) => ({ room_ids: [ids.room_id], rent: 'checked_in' }) }),
      schema: {
        tags,
        summary: 'Room state control: set the rent state of rooms and push it to their RCUs',
        description:
          "The server is the master of the rent state: it is stored for every room (and shown on the floor view) before it is pushed with the `rent` command; a room whose RCU did not take it (`ok: false`) gets it again when its RCU next connects. A room id that is not the hotel's is 4404 and nothing changes.",
        body: RoomStateControlBody,
        response: { 200: EnvelopeSchema(Type.Array(ControlResult)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { hotel_id, room_ids, rent } = request.body;
      const outcomes = await live.controlRent(actor, hotelOf(actor, hotel_id), room_ids, rent);
      return ok(resultsOf(outcomes, request.language, app.config.commandTimeoutMs));
    },
  );

  api.post(
    '/paramsget',
    {
      config: read('pm_checkquanxian', { body: (ids) => ({ room_id: ids.room_id }) }),
      schema: {
        tags,
        summary: "Parameter query: read an RCU's parameters live (4408 when it is offline or does not answer)",
        body: ParamsGetBody,
        response: { 200: EnvelopeSchema(ParamsResult) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { room_id, hotel_id } = request.body;
      try {
        return ok({ room_id, params: await live.readParams(hotelOf(actor, hotel_id), room_id) });
      } catch (error) {
        throw explained(error, app.config.commandTimeoutMs);
      }
    },
  );

  api.post(
    '/paramsset',
    {
      config: write('pm_checkquanxian', { body: (ids) => ({ room_id: ids.room_id, params: { walk: 1 } }) }),
      schema: {
        tags,
        summary: "Parameter query: write an RCU's parameters; answers them as the RCU now has them",
        body: ParamsSetBody,
        response: { 200: EnvelopeSchema(ParamsResult) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { room_id, hotel_id, params } = request.body;
      try {
        return ok({ room_id, params: await live.writeParams(actor, hotelOf(actor, hotel_id), room_id, params) });
      } catch (error) {
        throw explained(error, app.config.commandTimeoutMs);
      }
    },
  );

  api.post(
    '/hotelsettings',
    {
      config: read('pm_dashboard'),
      schema: {
        tags,
        summary: "The hotel's alert settings: door open and RCU offline alert minutes",
        description:
          'The minutes after which the alert rules raise "door open too long" and "RCU offline"; the defaults (10 and 5) while the hotel has saved none. The Administrator names the hotel with `hotel_id`.',
        body: HotelSettingsBody,
        response: { 200: EnvelopeSchema(HotelSettings) },
      },
    },
    async (request) => ok(await live.settings(hotelOf(actorOf(request), request.body.hotel_id))),
  );

  api.put(
    '/hotelsettingsupdate',
    {
      config: write('pm_config', { body: () => ({ door_open_alert_minutes: 15 }) }),
      schema: {
        tags,
        summary: "Change the hotel's alert settings; answers them as saved",
        description:
          'Each field is whole minutes, 0 to 1440 (0: at the next sweep); a field left out keeps its value. Written to the operation log; the alert rules use the new values from their next sweep.',
        body: HotelSettingsUpdateBody,
        response: { 200: EnvelopeSchema(HotelSettings) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { hotel_id, ...changes } = request.body;
      return ok(await live.updateSettings(actor, hotelOf(actor, hotel_id), changes));
    },
  );
}
