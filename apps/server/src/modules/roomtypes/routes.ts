import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  EnvelopeSchema,
  PageSchema,
  RoomType,
  RoomTypeAddBody,
  RoomTypeDeleteBody,
  RoomTypeDetailBody,
  RoomTypeDevicesBody,
  RoomTypeListBody,
  RoomTypeOption,
  RoomTypeOptionsBody,
  RoomTypeUpdateBody,
} from '@roompilot/contract';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';

const WALK_DEVICES = [{ key: 'L1', kind: 'light', name: 'walk light' }];

/** Room types and their device templates (pm_roomtype; the roomtypedevice screen is pm_roomdetail). */
export async function roomTypeRoutes(app: FastifyInstance) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { roomTypes } = app.services;
  const tags = ['room types'];

  api.post(
    '/roomtype',
    {
      config: read('pm_roomtype', { body: () => ({ current: 1, size: 500 }) }),
      schema: {
        tags,
        summary: "A page of the hotel's room types with their device templates",
        body: RoomTypeListBody,
        response: { 200: EnvelopeSchema(PageSchema(RoomType)) },
      },
    },
    async (request) => ok(await roomTypes.list(actorOf(request), request.body)),
  );

  api.post(
    '/roomtypedetail',
    {
      config: read('pm_roomdetail', { body: (ids) => ({ id: ids.room_type_id }) }),
      schema: {
        tags,
        summary: 'One room type of the hotel with its device template (for pm_roomdetail: the device editor)',
        body: RoomTypeDetailBody,
        response: { 200: EnvelopeSchema(RoomType) },
      },
    },
    async (request) => ok(await roomTypes.detail(actorOf(request), request.body)),
  );

  api.post(
    '/roomtypeoptions',
    {
      config: read('pm_roomdetail'),
      schema: {
        tags,
        summary: "Every room type of the hotel as {id, name} (for the rooms screens' pickers)",
        body: RoomTypeOptionsBody,
        response: { 200: EnvelopeSchema(Type.Array(RoomTypeOption)) },
      },
    },
    async (request) => ok(await roomTypes.options(actorOf(request), request.body)),
  );

  api.post(
    '/roomtypeadd',
    {
      config: write('pm_roomtype', { body: () => ({ name: 'walk type', devices: WALK_DEVICES }) }),
      schema: {
        tags,
        summary: 'Add a room type with its device template',
        description:
          "A device key is its kind's prefix and 1..99 (L light, D dimmer, C curtain, AC air conditioner, FH floor heating, V ventilation, S socket, IR infrared); keys unique within the type; setpoint defaults only on AC and FH, 16..30 in 0.5 steps, set_min ≤ set ≤ set_max. Names unique within the hotel (4409).",
        body: RoomTypeAddBody,
        response: { 200: EnvelopeSchema(RoomType) },
      },
    },
    async (request) => ok(await roomTypes.add(actorOf(request), request.body)),
  );

  api.put(
    '/roomtypeupdate',
    {
      config: write('pm_roomtype', { body: (ids) => ({ id: ids.room_type_id, name: 'taken over' }) }),
      schema: {
        tags,
        summary: 'Change a room type: name, remark or device template',
        description: 'Rooms refer to their type: a new template applies to every room of the type at once.',
        body: RoomTypeUpdateBody,
        response: { 200: EnvelopeSchema(RoomType) },
      },
    },
    async (request) => ok(await roomTypes.update(actorOf(request), request.body)),
  );

  api.put(
    '/roomtypedevices',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ id: ids.room_type_id, devices: WALK_DEVICES }) }),
      schema: {
        tags,
        summary: "Save a room type's device template (the roomtypedevice screen)",
        description: 'Same rules as /roomtypeadd; every room of the type gets the new template.',
        body: RoomTypeDevicesBody,
        response: { 200: EnvelopeSchema(RoomType) },
      },
    },
    async (request) => ok(await roomTypes.devices(actorOf(request), request.body)),
  );

  api.post(
    '/roomtypedel',
    {
      config: write('pm_roomtype', { body: (ids) => ({ id: ids.unused_room_type_id }) }),
      schema: {
        tags,
        summary: 'Delete a room type; refused (4409) while rooms use it',
        body: RoomTypeDeleteBody,
        response: { 200: EnvelopeSchema(Type.Null()) },
      },
    },
    async (request) => ok(await roomTypes.remove(actorOf(request), request.body)),
  );
}
