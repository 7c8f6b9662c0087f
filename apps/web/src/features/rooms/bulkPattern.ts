import { ROOM_NUM_PATTERN, ROOM_PATTERN_DEFAULT, ROOM_PATTERN_MAX, roomNumber } from '@roompilot/contract';

/**
 * The live preview of a bulk add. Room numbers come from the contract's `roomNumber`, the very
 * function the server uses: `{floor:2}{room:2}` pads to two digits, `{floor}` does not pad, other
 * text stays; floors run outermost (0201, 0202 … 2030).
 */
export interface BulkRange {
  floors: [number, number];
  rooms: [number, number];
  pattern?: string;
}

export type BulkProblem = 'pattern' | 'roomNum' | 'floors' | 'rooms' | 'tooMany';

export type BulkPreview =
  | { ok: true; first: string; last: string; total: number }
  | { ok: false; problem: BulkProblem; total: number };

const PATTERN_CHARS = /^[A-Za-z0-9{}:-]+$/;
const ROOM_NUM = new RegExp(ROOM_NUM_PATTERN);

/** The pattern sent to the server: the default when left empty. */
export function effectivePattern(pattern: string | undefined): string {
  return pattern?.trim() || ROOM_PATTERN_DEFAULT;
}

/** What a bulk add would create: the first and last room numbers and how many, or what is wrong. */
export function previewBulk({ floors, rooms, pattern }: BulkRange, max: number): BulkPreview {
  const [floorFrom, floorTo] = floors;
  const [roomFrom, roomTo] = rooms;
  if (!(floorFrom <= floorTo)) return { ok: false, problem: 'floors', total: 0 };
  if (!(roomFrom <= roomTo)) return { ok: false, problem: 'rooms', total: 0 };
  const total = (floorTo - floorFrom + 1) * (roomTo - roomFrom + 1);
  const text = effectivePattern(pattern);
  if (text.length > ROOM_PATTERN_MAX || !PATTERN_CHARS.test(text)) return { ok: false, problem: 'pattern', total };
  const first = roomNumber(text, floorFrom, roomFrom);
  const last = roomNumber(text, floorTo, roomTo);
  if (first === null || last === null) return { ok: false, problem: 'pattern', total };
  // The longest numbers come from the ends of the ranges (the largest absolute values).
  const corners = [first, last, roomNumber(text, floorFrom, roomTo), roomNumber(text, floorTo, roomFrom)];
  if (corners.some((number) => number === null || !ROOM_NUM.test(number))) {
    return { ok: false, problem: 'roomNum', total };
  }
  if (total > max) return { ok: false, problem: 'tooMany', total };
  return { ok: true, first, last, total };
}
