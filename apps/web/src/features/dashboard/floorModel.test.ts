import type { LiveRoomState } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import {
  applyChange,
  countStates,
  createRoomStore,
  floorsOf,
  groupByFloor,
  mainAc,
  matches,
  type TileRoom,
  tileView,
  toTile,
} from './floorModel';

const state = (room_id: number, patch: Partial<LiveRoomState> = {}): LiveRoomState => ({
  room_id,
  room_num: String(room_id),
  floor_num: Math.floor(room_id / 100),
  building_id: 1,
  online: true,
  rent: 'empty',
  card: false,
  door: false,
  window: false,
  occupied: false,
  dnd: false,
  mur: false,
  sos: false,
  stale: false,
  updated_at: null,
  ...patch,
});
const ids = { room_id: 201, hotel_id: 1, room_num: '201', floor_num: 2 };

describe('applyChange', () => {
  it('merges the flags a change carries and keeps the rest', () => {
    const room = toTile(state(201, { rent: 'sold', dnd: true }));
    const next = applyChange(room, { ...ids, rent: 'checked_in', card: true, updated_at: '2026-01-01T00:00:00Z' });
    expect(next).toMatchObject({ rent: 'checked_in', card: true, dnd: true, updated_at: '2026-01-01T00:00:00Z' });
    expect(room.rent).toBe('sold');
  });

  it('merges an air conditioner field by field and ignores other devices', () => {
    const room = toTile(state(201), { AC1: { on: true, mode: 'cool', set: 24, temp: 26 } });
    const next = applyChange(room, { ...ids, devices: { AC1: { temp: 25.5 }, L1: { on: true } } });
    expect(next.ac).toEqual({ AC1: { on: true, mode: 'cool', set: 24, temp: 25.5 } });
    expect(next.ac).not.toHaveProperty('L1');
  });

  it('answers the same room when nothing shown changed, so its tile does not draw again', () => {
    const room = toTile(state(201, { online: true }), { AC1: { set: 24 } });
    expect(applyChange(room, { ...ids, online: true, devices: { AC1: { set: 24 }, L1: { on: false } } })).toBe(room);
    expect(applyChange(room, { ...ids, energy: { w: 10 } })).toBe(room);
  });

  it('adds an air conditioner the room had not reported yet', () => {
    const next = applyChange(toTile(state(201)), { ...ids, devices: { AC2: { on: false } } });
    expect(next.ac).toEqual({ AC2: { on: false } });
  });
});

describe('counts and filters', () => {
  const rooms = [
    state(201, { rent: 'checked_in', card: true, occupied: true }),
    state(202, { rent: 'checked_in', dnd: true }),
    state(203, { rent: null, online: false }),
    state(204, { rent: 'for_sale', sos: true, door: true }),
  ];

  it('counts each rent state, online and every flag', () => {
    const counts = countStates(rooms);
    expect(counts.total).toBe(4);
    expect(counts.online).toBe(3);
    expect(counts.rent).toEqual({ empty: 0, for_sale: 1, sold: 0, checked_in: 2, checkout: 0, unknown: 1 });
    expect(counts.flags).toEqual({
      sos: 1,
      offline: 1,
      card: 1,
      occupied: 1,
      dnd: 1,
      mur: 0,
      door: 1,
      window: 0,
    });
  });

  it('filters by rent state or by flag', () => {
    const pick = (filter: Parameters<typeof matches>[1]) =>
      rooms.filter((room) => matches(room, filter)).map((room) => room.room_id);
    expect(pick({ kind: 'all' })).toEqual([201, 202, 203, 204]);
    expect(pick({ kind: 'rent', rent: 'checked_in' })).toEqual([201, 202]);
    expect(pick({ kind: 'rent', rent: 'unknown' })).toEqual([203]);
    expect(pick({ kind: 'flag', flag: 'offline' })).toEqual([203]);
    expect(pick({ kind: 'flag', flag: 'sos' })).toEqual([204]);
  });
});

describe('tiles', () => {
  it('show the flags, the temperature and the first air conditioner', () => {
    const room = toTile(state(201, { rent: 'checked_in', card: true, dnd: true, window: true }), {
      AC2: { on: false, temp: 30 },
      AC1: { on: true, mode: 'heat', set: 22.5, temp: 19.5 },
    });
    expect(mainAc(room)?.key).toBe('AC1');
    expect(tileView(room)).toEqual({
      rent: 'checked_in',
      online: true,
      stale: null,
      sos: false,
      flags: ['card', 'dnd', 'window'],
      temp: 19.5,
      ac: { on: true, mode: 'heat', set: 22.5 },
    });
  });

  it('show no air conditioner when the room has none, and unknown before the RCU reported', () => {
    expect(tileView(toTile(state(201, { rent: null })))).toMatchObject({ rent: 'unknown', temp: null, ac: null });
  });

  it('mark the last known state from before a restart, with the time the RCU was last heard', () => {
    const heard = '2026-01-01T08:00:00.000Z';
    const room = toTile(state(201, { online: false, stale: true, card: true, updated_at: heard }));
    expect(tileView(room)).toMatchObject({ online: false, stale: { since: heard }, flags: ['card'] });
    // The RCU's first message clears it.
    const live = applyChange(room, { ...ids, online: true, stale: false, updated_at: '2026-01-01T09:00:00.000Z' });
    expect(tileView(live)).toMatchObject({ online: true, stale: null, flags: ['card'] });
  });

  it('sort AC10 after AC2', () => {
    expect(mainAc({ ac: { AC10: {}, AC2: {} } })?.key).toBe('AC2');
  });
});

describe('floors', () => {
  it('lists floors lowest first and groups rooms highest floor first, by room number', () => {
    const rooms: TileRoom[] = [state(1002), state(201), state(210), state(1001), state(202)].map((room) =>
      toTile(room),
    );
    expect(floorsOf(rooms)).toEqual([2, 10]);
    expect(groupByFloor(rooms)).toEqual([
      { floor: 10, ids: [1001, 1002] },
      { floor: 2, ids: [201, 202, 210] },
    ]);
  });
});

describe('the room store', () => {
  const manual = () => {
    const queue: (() => void)[] = [];
    const flush = () => {
      for (const next of queue.splice(0)) next();
    };
    return { schedule: (next: () => void) => void queue.push(next), flush };
  };

  it('tells only the changed room, and the page once per batch', () => {
    const batch = manual();
    const store = createRoomStore(batch.schedule);
    store.load([toTile(state(201)), toTile(state(202))]);
    batch.flush();
    const heard: string[] = [];
    store.subscribeRoom(201, () => heard.push('201'));
    store.subscribeRoom(202, () => heard.push('202'));
    store.subscribe(() => heard.push('page'));

    expect(store.apply({ room_id: 201, hotel_id: 1, room_num: '201', floor_num: 2, dnd: true })).toBe(true);
    expect(store.apply({ room_id: 201, hotel_id: 1, room_num: '201', floor_num: 2, mur: true })).toBe(true);
    expect(heard).toEqual(['201', '201']);
    const before = store.snapshot();
    batch.flush();
    expect(store.snapshot()).not.toBe(before);
    expect(heard).toEqual(['201', '201', 'page']);
    expect(store.get(201)).toMatchObject({ dnd: true, mur: true });
    expect(store.get(202)?.dnd).toBe(false);
  });

  it('ignores rooms it does not show and changes that change nothing', () => {
    const batch = manual();
    const store = createRoomStore(batch.schedule);
    store.load([toTile(state(201))]);
    batch.flush();
    const snapshot = store.snapshot();
    expect(store.apply({ room_id: 999, hotel_id: 1, room_num: '999', floor_num: 9, sos: true })).toBe(false);
    expect(store.apply({ room_id: 201, hotel_id: 1, room_num: '201', floor_num: 2, sos: false })).toBe(false);
    batch.flush();
    expect(store.snapshot()).toBe(snapshot);
  });

  it('replaces everything on load and tells rooms that left, and the page at once', () => {
    const store = createRoomStore(() => undefined);
    let page = 0;
    store.subscribe(() => {
      page += 1;
    });
    store.load([toTile(state(201))]);
    expect(page).toBe(1);
    expect(store.snapshot().map((room) => room.room_id)).toEqual([201]);
    let told = 0;
    store.subscribeRoom(201, () => {
      told += 1;
    });
    store.load([toTile(state(202))]);
    expect(told).toBe(1);
    expect(store.get(201)).toBeUndefined();
    expect(store.size()).toBe(1);
  });
});
