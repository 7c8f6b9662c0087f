import { createHash } from 'node:crypto';
import {
  ID_MAX,
  paramSpecOf,
  paramValueProblem,
  UPGRADE_KINDS,
  UPGRADE_NOTES_MAX,
  UPGRADE_VERSION_PATTERN,
  type UpgradeKind,
} from '@roompilot/contract';
import type { FastifyRequest } from 'fastify';
import { invalid, tooLarge } from '../../errors.js';

/** An upgrade file as uploaded, before it is stored. */
export interface UpgradeUpload {
  kind: UpgradeKind;
  version: string;
  notes: string;
  content: Buffer;
  hotelId: number | undefined;
}

/** The multipart limits of an upload, the file's size aside (the server's setting). */
// Notes of 500 characters are up to 2,000 bytes of UTF-8.
export const UPLOAD_PARTS = { files: 1, fields: 5, fieldSize: 4 * 1024, parts: 7 };

/** The text fields an upload may carry. */
const FORM_FIELDS = ['kind', 'version', 'notes', 'hotel_id'];

export function sha256Of(content: Buffer): string {
  return createHash('sha256').update(content).digest('hex');
}

/** Reads an upload's form: `kind`, `version`, `notes?`, `hotel_id?` and one `file`. */
export async function uploadOf(request: FastifyRequest, maxBytes: number): Promise<UpgradeUpload> {
  if (!request.isMultipart()) throw invalid('upgrades.notMultipart');
  const fields: Record<string, string> = {};
  let content: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { ...UPLOAD_PARTS, fileSize: maxBytes } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname !== 'file' || content) throw invalid('upgrades.noFile');
        content = bytes;
      } else {
        fields[part.fieldname] = String(part.value);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge('upgrades.tooLarge', { limit: maxBytes });
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw invalid('upgrades.noFile');
    }
    throw error;
  }
  const unknown = Object.keys(fields).find((name) => !FORM_FIELDS.includes(name));
  if (unknown !== undefined) throw invalid('upgrades.unknownField', { field: unknown.slice(0, 64) });
  const kind = fields.kind as UpgradeKind;
  if (!(UPGRADE_KINDS as readonly string[]).includes(kind)) throw invalid('upgrades.badKind');
  const version = fields.version ?? '';
  if (!new RegExp(UPGRADE_VERSION_PATTERN).test(version)) throw invalid('upgrades.badVersion');
  const notes = fields.notes ?? '';
  if (notes.length > UPGRADE_NOTES_MAX) throw invalid('upgrades.notesTooLong', { max: UPGRADE_NOTES_MAX });
  const hotel = fields.hotel_id;
  let hotelId: number | undefined;
  if (hotel !== undefined && hotel !== '') {
    hotelId = Number(hotel);
    if (!/^\d{1,10}$/.test(hotel) || hotelId < 1 || hotelId > ID_MAX) throw invalid('upgrades.badHotel');
  }
  if (!content) throw invalid('upgrades.noFile');
  if (content.length === 0) throw invalid('upgrades.fileEmpty');
  return { kind, version, notes, content, hotelId };
}

/**
 * A parameter file's parameters: a JSON object of known RCU parameters (params.ts), each within
 * its range. Throws 4400 naming the first one that is not.
 */
export function checkParams(params: unknown): Record<string, unknown> {
  if (typeof params !== 'object' || params === null || Array.isArray(params)) throw invalid('upgrades.paramsNotObject');
  const entries = Object.entries(params);
  if (entries.length === 0) throw invalid('upgrades.paramsEmpty');
  for (const [key, value] of entries) {
    if (!paramSpecOf(key)) throw invalid('upgrades.paramUnknown', { key: key.slice(0, 64) });
    const problem = paramValueProblem(key, value);
    if (problem) throw invalid('upgrades.paramValue', { key });
  }
  return params as Record<string, unknown>;
}

/** A parameter file's bytes parsed and checked. */
export function paramsOfFile(content: Buffer): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(content.toString('utf8'));
  } catch {
    throw invalid('upgrades.paramsNotObject');
  }
  return checkParams(parsed);
}
