import { ID_MAX, ROOM_IMPORT_MAX_BYTES } from '@roompilot/contract';
import type { FastifyRequest } from 'fastify';
import { invalid, tooLarge } from '../../errors.js';
import { describeValidation } from '../../i18n.js';
import type { RoomUpload } from './import.js';

/** The multipart form of a room import, as @fastify/multipart is told to limit it. */
export const UPLOAD_LIMITS = { fileSize: ROOM_IMPORT_MAX_BYTES, files: 1, fields: 4, fieldSize: 64, parts: 6 };

/** Optional integer form fields (`building_id`, `hotel_id`): 4400 naming the field when not an id. */
function idField(request: FastifyRequest, fields: Record<string, string>, name: string): number | undefined {
  const value = fields[name];
  if (value === undefined || value === '') return undefined;
  const id = Number(value);
  if (!/^\d{1,10}$/.test(value) || id < 1 || id > ID_MAX)
    throw invalid('error.invalid', {
      detail: describeValidation(request.language, {
        keyword: 'type',
        instancePath: `/${name}`,
        params: { type: 'integer' },
      }),
    });
  return id;
}

/** The upload of a room import: one `file`, optional `building_id` and `hotel_id` fields. */
export async function uploadOf(request: FastifyRequest): Promise<RoomUpload> {
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
  if (!file) throw invalid('rooms.importNoFile');
  if (file.content.length === 0) throw invalid('rooms.importFileEmpty');
  return {
    ...file,
    buildingId: idField(request, fields, 'building_id'),
    hotelId: idField(request, fields, 'hotel_id'),
  };
}
