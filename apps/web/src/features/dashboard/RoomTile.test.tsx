// @vitest-environment jsdom

import type { LiveRoomState } from '@roompilot/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { renderInApp } from '../../test/render';
import { createRoomStore, FLAG_FILTERS, RENT_KEYS, toTile } from './floorModel';
import { RoomTile, type TileLabels, TileLabelsContext } from './RoomTile';

const labels: TileLabels = {
  rent: Object.fromEntries(RENT_KEYS.map((key) => [key, `rent:${key}`])) as TileLabels['rent'],
  flags: Object.fromEntries(FLAG_FILTERS.map((flag) => [flag, `flag:${flag}`])) as TileLabels['flags'],
  online: 'Online',
  lastKnown: (since) => `Last known, heard ${since}`,
  acOff: 'AC off',
  mode: {},
  degrees: (value) => `${value} °C`,
};

const HEARD = '2026-01-01T08:00:00.000Z';

const room = (patch: Partial<LiveRoomState>): LiveRoomState => ({
  room_id: 201,
  room_num: '0201',
  floor_num: 2,
  building_id: 1,
  online: false,
  rent: 'checked_in',
  card: true,
  door: false,
  window: false,
  occupied: false,
  dnd: false,
  mur: false,
  sos: false,
  stale: false,
  updated_at: HEARD,
  ...patch,
});

async function renderTile(state: LiveRoomState, compact = false) {
  const store = createRoomStore((flush) => flush());
  store.load([toTile(state)]);
  await renderInApp(
    <TileLabelsContext.Provider value={labels}>
      <RoomTile id={state.room_id} store={store} compact={compact} />
    </TileLabelsContext.Provider>,
  );
  return { store, tile: screen.getByRole('button') };
}

describe('a room tile', () => {
  test('shows the last known state from before a restart dimmed, with when the RCU was last heard', async () => {
    const { store, tile } = await renderTile(room({ stale: true }));
    expect(tile.className).toContain('rp-tile--stale');
    expect(tile.className).toContain('rp-tile--offline');
    expect(tile.textContent).toContain('rent:checked_in');
    expect(tile.textContent).toContain('flag:card');
    expect(screen.getByText(`Last known, heard ${HEARD}`)).toBeTruthy();
    expect(screen.getByRole('button', { name: new RegExp(`Last known, heard ${HEARD}`) })).toBe(tile);

    // The RCU speaks: live, no longer marked.
    act(() => {
      store.apply({ room_id: 201, hotel_id: 1, room_num: '0201', floor_num: 2, online: true, stale: false });
    });
    expect(tile.className).not.toContain('rp-tile--stale');
    expect(tile.textContent).not.toContain('Last known');
    expect(screen.getByRole('button', { name: /Online/ })).toBe(tile);
  });

  test('says it in the compact tile’s title', async () => {
    const { tile } = await renderTile(room({ stale: true }), true);
    expect(tile.className).toContain('rp-tile--stale');
    expect(tile.getAttribute('title')).toContain(`Last known, heard ${HEARD}`);
  });

  test('a live tile carries no such mark', async () => {
    const { tile } = await renderTile(room({ online: true }));
    expect(tile.className).not.toContain('rp-tile--stale');
    expect(tile.textContent).not.toContain('Last known');
  });
});
