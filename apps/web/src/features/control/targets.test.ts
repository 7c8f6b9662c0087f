import type { ControlResult } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import {
  failedIds,
  isComplete,
  mergeResults,
  needsConfirmation,
  shownResults,
  summarize,
  targetBody,
  targetRoomIds,
} from './targets';

const rooms = [
  { room_id: 1, floor_num: 2, room_type_id: 10, building_id: 100 },
  { room_id: 2, floor_num: 2, room_type_id: 11, building_id: 100 },
  { room_id: 3, floor_num: 3, room_type_id: 10, building_id: 101 },
];
const result = (room_id: number, room_num: string, ok: boolean): ControlResult => ({
  room_id,
  room_num,
  ok,
  error: ok ? null : 'RCU offline',
});

describe('control targets', () => {
  it('name the rooms in the body as the server takes them', () => {
    expect(targetBody({ kind: 'selection', ids: [3, 1] })).toEqual({ room_ids: [3, 1] });
    expect(targetBody({ kind: 'floor', floor: 2 })).toEqual({ floor_num: 2 });
    expect(targetBody({ kind: 'type', id: 10 })).toEqual({ room_type_id: 10 });
    expect(targetBody({ kind: 'building', id: 101 })).toEqual({ building_id: 101 });
  });

  it('resolve to the rooms they reach', () => {
    expect(targetRoomIds({ kind: 'floor', floor: 2 }, rooms)).toEqual([1, 2]);
    expect(targetRoomIds({ kind: 'type', id: 10 }, rooms)).toEqual([1, 3]);
    expect(targetRoomIds({ kind: 'building', id: 101 }, rooms)).toEqual([3]);
    expect(targetRoomIds({ kind: 'selection', ids: [2, 99] }, rooms)).toEqual([2]);
    expect(targetRoomIds({ kind: 'floor', floor: 9 }, rooms)).toEqual([]);
  });

  it('do not guess a type or building the rooms do not carry', () => {
    const bare = rooms.map(({ room_id, floor_num }) => ({ room_id, floor_num }));
    expect(targetRoomIds({ kind: 'type', id: 10 }, bare)).toBeNull();
    expect(targetRoomIds({ kind: 'building', id: 100 }, bare)).toBeNull();
    expect(targetRoomIds({ kind: 'floor', floor: 3 }, bare)).toEqual([3]);
  });

  it('are complete with a room selected, and confirmed beyond one room', () => {
    expect(isComplete({ kind: 'selection', ids: [] })).toBe(false);
    expect(isComplete({ kind: 'selection', ids: [1] })).toBe(true);
    expect(isComplete({ kind: 'floor', floor: 1 })).toBe(true);
    expect(needsConfirmation(1)).toBe(false);
    expect(needsConfirmation(2)).toBe(true);
    expect(needsConfirmation(null)).toBe(true);
  });
});

describe('control results', () => {
  const results = [result(3, '0210', false), result(1, '0201', true), result(2, '0202', false)];

  it('are summed up and the failed ones named', () => {
    expect(summarize(results)).toEqual({ total: 3, ok: 1, failed: 2 });
    expect(summarize([])).toEqual({ total: 0, ok: 0, failed: 0 });
    expect(failedIds(results)).toEqual([3, 2]);
  });

  it('are shown by room number, all or failed only', () => {
    expect(shownResults(results, false).map((row) => row.room_num)).toEqual(['0201', '0202', '0210']);
    expect(shownResults(results, true).map((row) => row.room_num)).toEqual(['0202', '0210']);
  });

  it('take a retry in place of the rooms retried', () => {
    const merged = mergeResults(results, [result(3, '0210', true)]);
    expect(merged.map((row) => [row.room_id, row.ok])).toEqual([
      [3, true],
      [1, true],
      [2, false],
    ]);
    expect(summarize(merged)).toEqual({ total: 3, ok: 2, failed: 1 });
  });
});
