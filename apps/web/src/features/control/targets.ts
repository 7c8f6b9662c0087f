import type { ControlResult } from '@roompilot/contract';
import { byNaturalOrder } from '../../lib/natural';

/** The rooms a control goes to: a selection from the table, or every room of a floor, type or building. */
export type Target =
  | { kind: 'selection'; ids: readonly number[] }
  | { kind: 'floor'; floor: number }
  | { kind: 'type'; id: number }
  | { kind: 'building'; id: number };

export type TargetKind = Target['kind'];
export const TARGET_KINDS: readonly TargetKind[] = ['selection', 'floor', 'type', 'building'];

/** What the picker knows of a room: types and buildings only when the user may read the room list. */
export interface TargetRoom {
  room_id: number;
  floor_num: number;
  room_type_id?: number;
  building_id?: number;
}

/** The part of `api.control.air`'s body that names the rooms. */
export type TargetBody =
  | { room_ids: number[] }
  | { floor_num: number }
  | { room_type_id: number }
  | { building_id: number };

export function targetBody(target: Target): TargetBody {
  switch (target.kind) {
    case 'selection':
      return { room_ids: [...target.ids] };
    case 'floor':
      return { floor_num: target.floor };
    case 'type':
      return { room_type_id: target.id };
    case 'building':
      return { building_id: target.id };
  }
}

/**
 * The ids of the rooms a target reaches, for the confirmation ("apply to N rooms?") and the progress;
 * null when the rooms do not say (no type or building known for them: the server still resolves it).
 */
export function targetRoomIds(target: Target, rooms: readonly TargetRoom[]): number[] | null {
  switch (target.kind) {
    case 'selection': {
      const known = new Set(rooms.map((room) => room.room_id));
      return target.ids.filter((id) => known.has(id));
    }
    case 'floor':
      return rooms.filter((room) => room.floor_num === target.floor).map((room) => room.room_id);
    case 'type':
      if (rooms.some((room) => room.room_type_id === undefined)) return null;
      return rooms.filter((room) => room.room_type_id === target.id).map((room) => room.room_id);
    case 'building':
      if (rooms.some((room) => room.building_id === undefined)) return null;
      return rooms.filter((room) => room.building_id === target.id).map((room) => room.room_id);
  }
}

/** Whether the target names something: a selection of at least one room, or a chosen floor, type, building. */
export function isComplete(target: Target): boolean {
  return target.kind !== 'selection' || target.ids.length > 0;
}

/** A change to more than one room (or to an unknown number) is confirmed first. */
export function needsConfirmation(count: number | null): boolean {
  return count === null || count > 1;
}

export interface ResultSummary {
  total: number;
  ok: number;
  failed: number;
}

export function summarize(results: readonly ControlResult[]): ResultSummary {
  const ok = results.filter((result) => result.ok).length;
  return { total: results.length, ok, failed: results.length - ok };
}

export function failedIds(results: readonly ControlResult[]): number[] {
  return results.filter((result) => !result.ok).map((result) => result.room_id);
}

/** The results shown: every room, or only those that failed; by room number. */
export function shownResults(results: readonly ControlResult[], failedOnly: boolean): ControlResult[] {
  return results.filter((result) => !failedOnly || !result.ok).sort((a, b) => byNaturalOrder(a.room_num, b.room_num));
}

/**
 * A retry's answers replace those rooms' earlier results; the other rooms keep theirs, so the list
 * still says what happened to every room of the first run.
 */
export function mergeResults(earlier: readonly ControlResult[], retried: readonly ControlResult[]): ControlResult[] {
  const byId = new Map(retried.map((result) => [result.room_id, result]));
  const merged = earlier.map((result) => byId.get(result.room_id) ?? result);
  const known = new Set(earlier.map((result) => result.room_id));
  return [...merged, ...retried.filter((result) => !known.has(result.room_id))];
}
