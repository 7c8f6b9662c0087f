import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import {
  AllRoomsBody,
  BasicRoom,
  EnvelopeSchema,
  HotelRoom,
  HotelRoomsBody,
  ID_MAX,
  PageSchema,
  ROOM_IMPORT_MAX_BYTES,
  Room,
  RoomAddBody,
  RoomDeleteBody,
  RoomDeleteResult,
  RoomExportBody,
  RoomImportResult,
  RoomKeyBody,
  RoomKeyExportBody,
  RoomKeyResult,
  RoomListBody,
  RoomsAddBody,
  RoomsAddResult,
  RoomTemplateBody,
  RoomUpdateBody,
  UpgradeRoom,
  UpgradeRoomListBody,
} from '@roompilot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { actorOf, read, write } from '../../access.js';
import { ok } from '../../envelope.js';
import { invalid, tooLarge } from '../../errors.js';
import type { RoomFile, RoomUpload } from './service.js';

const ListOf = <T extends Parameters<typeof Type.Array>[0]>(record: T) =>
  Type.Object({ records: Type.Array(record), total: Type.Integer() });

function sendFile(reply: FastifyReply, file: RoomFile) {
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.body);
}

/** Optional integer form fields (`building_id`, `hotel_id`): 4400 naming the field when not an id. */
function idField(fields: Record<string, string>, name: string): number | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || id < 1 || id > ID_MAX)
    throw invalid('error.invalid', { detail: `${name}: not an id` });
  return id;
}

/** The multipart upload of /roomimport: one `file`, optional `building_id` and `hotel_id` fields. */
async function uploadOf(request: FastifyRequest): Promise<RoomUpload> {
  if (!request.isMultipart()) throw invalid('rooms.importNotMultipart');
  const fields: Record<string, string> = {};
  let file: { filename: string; content: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file) {
          await part.toBuffer();
          throw invalid('rooms.importNoFile');
        }
        file = { filename: part.filename, content: await part.toBuffer() };
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('rooms.importTooLarge', { limit: ROOM_IMPORT_MAX_BYTES });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('rooms.importNoFile');
    }
    throw error;
  }
  if (!file || file.content.length === 0) throw invalid('rooms.importNoFile');
  return { ...file, buildingId: idField(fields, 'building_id'), hotelId: idField(fields, 'hotel_id') };
}

/** Rooms of a hotel (pm_roomdetail), their import and export. */
export async function roomRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: ROOM_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 6 },
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { rooms } = app.services;
  const tags = ['rooms'];

  api.post(
    '/roomlist',
    {
      config: read('pm_roomdetail', { body: () => ({ current: 1, size: 500 }) }),
      schema: {
        tags,
        summary: "A page of the hotel's rooms, filtered and sorted",
        description:
          '`keyword` is contained in room_num, rcu_id, mac or remark (ASCII letters in either case, other characters as written). Sorted by room_num unless `sort` says otherwise; ties go by room_num; `room_type` and `building` sort by the name as people read it ("Wing 2" before "Wing 10"). `device_key` only for holders of pm_roomdetail.',
        body: RoomListBody,
        response: { 200: EnvelopeSchema(PageSchema(Room)) },
      },
    },
    async (request) => ok(await rooms.list(actorOf(request), request.body)),
  );

  api.post(
    '/allrooms',
    {
      config: read('pm_roomdetail'),
      schema: {
        tags,
        summary: 'Every room of the hotel (or of one building), without paging',
        body: AllRoomsBody,
        response: { 200: EnvelopeSchema(ListOf(Room)) },
      },
    },
    async (request) => ok(await rooms.all(actorOf(request), request.body)),
  );

  api.post(
    '/basicroomlist',
    {
      config: read('pm_roomdetail'),
      schema: {
        tags,
        summary: 'Every room of the hotel as {id, room_num, floor_num, building_id, room_type_id}, without paging',
        body: AllRoomsBody,
        response: { 200: EnvelopeSchema(ListOf(BasicRoom)) },
      },
    },
    async (request) => ok(await rooms.basic(actorOf(request), request.body)),
  );

  api.post(
    '/upgraderoomlist',
    {
      config: read('pm_roomdetail'),
      schema: {
        tags,
        summary: 'A page of rooms with their firmware, configuration and IR versions',
        description: '`online` is false for every room until the live device gateway exists (issue 4).',
        body: UpgradeRoomListBody,
        response: { 200: EnvelopeSchema(PageSchema(UpgradeRoom)) },
      },
    },
    async (request) => ok(await rooms.upgradeList(actorOf(request), request.body)),
  );

  api.post(
    '/hotelrooms',
    {
      config: read('pm_roomdetail'),
      schema: {
        tags,
        summary: 'Get-hotel-rooms: every room of a hotel as {id, room_num, floor_num}',
        description: 'The Administrator names the hotel with `hotel_id`.',
        body: HotelRoomsBody,
        response: { 200: EnvelopeSchema(Type.Array(HotelRoom)) },
      },
    },
    async (request) => ok(await rooms.hotelRooms(actorOf(request), request.body)),
  );

  api.post(
    '/roomadd',
    {
      config: write('pm_roomdetail', {
        body: (ids) => ({ room_num: 'W1', floor_num: 1, room_type_id: ids.room_type_id, rcu_id: 'WALKB1' }),
      }),
      schema: {
        tags,
        summary: 'Add a room',
        description:
          'building_id defaults to the hotel\'s first building (a "Main building" is created when there is none); floor_num must lie in the building\'s range. Room numbers are unique in the hotel, rcu_ids everywhere (4409). The answer carries the new device key.',
        body: RoomAddBody,
        response: { 200: EnvelopeSchema(Room) },
      },
    },
    async (request) => ok(await rooms.add(actorOf(request), request.body)),
  );

  api.post(
    '/roomsadd',
    {
      config: write('pm_roomdetail', {
        body: (ids) => ({ floors: [1, 1], rooms: [1, 2], room_type_id: ids.room_type_id, pattern: 'W{floor}{room:2}' }),
      }),
      schema: {
        tags,
        summary: 'Bulk add: floors × rooms with a number pattern',
        description:
          'pattern defaults to {floor:2}{room:2} (floors 2..20 × rooms 1..30 → 0201…2030); {floor}/{room} without a width are not padded. rcu_id of each room: R{hotel_id}x{room_num}. At most 10000 rooms per call; existing room numbers are skipped and listed in `skipped`; one transaction.',
        body: RoomsAddBody,
        response: { 200: EnvelopeSchema(RoomsAddResult) },
      },
    },
    async (request) => ok(await rooms.bulkAdd(actorOf(request), request.body)),
  );

  api.put(
    '/update',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ id: ids.room_id, remark: 'taken over' }) }),
      schema: {
        tags,
        summary: "Change a room's fields",
        body: RoomUpdateBody,
        response: { 200: EnvelopeSchema(Room) },
      },
    },
    async (request) => ok(await rooms.update(actorOf(request), request.body)),
  );

  api.post(
    '/roomdel',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ ids: [ids.room_id, ids.other_room_id] }) }),
      schema: {
        tags,
        summary: 'Delete rooms (1..10000 ids)',
        description: 'All or nothing: when any id is not a room of the hotel, 4404 and nothing is deleted.',
        body: RoomDeleteBody,
        response: { 200: EnvelopeSchema(RoomDeleteResult) },
      },
    },
    async (request) => ok(await rooms.remove(actorOf(request), request.body)),
  );

  api.post(
    '/roomkey',
    {
      config: write('pm_roomdetail', { body: (ids) => ({ id: ids.room_id }) }),
      schema: {
        tags,
        summary: "Regenerate a room's device key (the RCU's MQTT password)",
        body: RoomKeyBody,
        response: { 200: EnvelopeSchema(RoomKeyResult) },
      },
    },
    async (request) => ok(await rooms.regenerateKey(actorOf(request), request.body)),
  );

  api.post(
    '/roomexport',
    {
      config: read('pm_roomdetail', { answersFile: true }),
      schema: {
        tags,
        summary: "Export the hotel's rooms as CSV or XLSX (answers the file, not an envelope)",
        description:
          'Columns room_num, floor_num, building, room_type, rcu_id, mac, remark, validdate (building and type by name). CSV is UTF-8 with a BOM. Filters as /roomlist.',
        body: RoomExportBody,
      },
    },
    async (request, reply) => sendFile(reply, await rooms.export(actorOf(request), request.body)),
  );

  api.post(
    '/roomkeyexport',
    {
      // A secret leaves the server: declared as a write so that visitors are refused and every
      // export is in the operation log, though nothing changes.
      config: write('pm_roomdetail', { answersFile: true }),
      schema: {
        tags,
        summary: 'Export the device keys of the rooms as CSV (answers the file, not an envelope)',
        description:
          "Columns rcu_id, device_key, room_num, floor_num, building, devices (the room type's device keys, space separated): what RCU provisioning and the simulator (`npm run sim -- --keys FILE`) read. Filters as /roomlist. Holders of pm_roomdetail only; recorded in the operation log.",
        body: RoomKeyExportBody,
      },
    },
    async (request, reply) => sendFile(reply, await rooms.exportKeys(actorOf(request), request.body)),
  );

  api.post(
    '/roomtemplate',
    {
      config: read('pm_roomdetail', { answersFile: true }),
      schema: {
        tags,
        summary: 'An import template: the header row and one example row (answers the file)',
        body: RoomTemplateBody,
      },
    },
    async (request, reply) => sendFile(reply, await rooms.template(actorOf(request), request.body)),
  );

  api.post(
    '/roomimport',
    {
      config: write('pm_roomdetail', {
        multipart: (ids) => ({
          fields: { building_id: String(ids.building_id) },
          file: {
            filename: 'walk.csv',
            content: `room_num,floor_num,building,room_type,rcu_id\r\nW9,1,,walk,WALKB9\r\n`,
          },
        }),
      }),
      schema: {
        tags,
        summary: 'Import rooms from CSV or XLSX (multipart: file, optional building_id)',
        description:
          "multipart/form-data with `file` (.csv UTF-8, with or without BOM, comma or semicolon; or .xlsx; at most 10000 rows and 5 MB, 4413 above) and optional `building_id` (overrides the building column) and `hotel_id` (Administrator). The columns of /roomexport. When any row is bad: 4400 'N rows have errors' with data.errors [{line, field, message}] listing every bad row (the header is line 1), and nothing imported.",
        consumes: ['multipart/form-data'],
        response: { 200: EnvelopeSchema(RoomImportResult) },
      },
    },
    async (request) => ok(await rooms.import(actorOf(request), await uploadOf(request), request.language)),
  );
}
