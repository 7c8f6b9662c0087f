// @vitest-environment jsdom
import type { Room } from '@roompilot/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, expect, test, vi } from 'vitest';
import type { GuardUser } from '../../app/guard';
import { CurrentUserContext } from '../../app/user';
import { renderInApp } from '../../test/render';

const api = vi.hoisted(() => ({ rooms: { list: vi.fn() } }));
// The filters' buildings and room types answer nothing.
vi.mock('../../app/api', () => ({
  api: new Proxy(api, {
    get: (target, domain: string) =>
      (target as Record<string, unknown>)[domain] ?? new Proxy({}, { get: () => vi.fn(() => new Promise(() => {})) }),
  }),
}));

const { RoomsTab } = await import('./RoomsTab');

const MANAGER: GuardUser = { isAdmin: false, perms: ['pm_roomdetail'] };

const room = (id: number, fields: Partial<Room>): Room => ({
  id,
  hotel_id: 1,
  building_id: 1,
  building_name: 'North wing',
  room_type_id: 1,
  room_type_name: 'Deluxe twin',
  room_num: `020${id}`,
  floor_num: 2,
  rcu_id: `R1x020${id}`,
  mac: '',
  remark: '',
  validdate: null,
  versiontime: null,
  pubdate: null,
  fw: null,
  cfg: null,
  ir: null,
  ...fields,
});

beforeEach(() => {
  vi.clearAllMocks();
  api.rooms.list.mockResolvedValue({
    records: [
      room(1, { mac: 'A4CF12B3C0DE', fw: '2.1.0', cfg: 'cfg-1', ir: 'ir-1' }),
      room(2, { fw: '2.1.0', cfg: null, ir: 'ir-1' }),
      room(3, {}),
    ],
    total: 3,
  });
});

const cellTexts = (row: HTMLElement) =>
  Array.from(row.querySelectorAll('td')).map((cell) =>
    Array.from(cell.querySelectorAll(':scope > div'), (line) => line.textContent).join(' | '),
  );

test('a room’s floor, its RCU’s MAC and versions read on lines of their own, a value not known as "—"', async () => {
  const info = { is_admin: false, perms: [{ val: 'pm_roomdetail' }] } as never;
  await renderInApp(
    <CurrentUserContext.Provider value={{ info, guard: MANAGER }}>
      <RoomsTab />
    </CurrentUserContext.Provider>,
  );
  const connected = (await screen.findByText('0201')).closest('tr') as HTMLElement;
  const headers = Array.from(document.querySelectorAll('thead th'), (th) => th.textContent);
  expect(headers.filter(Boolean)).toEqual([
    'Room',
    'Building',
    'Room type',
    'RCU / MAC',
    'Versions',
    'Valid until',
    'Remark',
    'Actions',
  ]);
  expect(cellTexts(connected)).toEqual(
    expect.arrayContaining(['0201 | Floor 2', 'R1x0201 | A4CF12B3C0DE', 'Firmware 2.1.0 | Config cfg-1 | IR ir-1']),
  );
  // A version the RCU did not report reads "—"; an RCU that never connected reported none.
  const partly = screen.getByText('0202').closest('tr') as HTMLElement;
  expect(cellTexts(partly)).toEqual(expect.arrayContaining(['R1x0202 | —', 'Firmware 2.1.0 | Config — | IR ir-1']));
  const never = screen.getByText('0203').closest('tr') as HTMLElement;
  expect(within(never).getAllByText('—')).toHaveLength(3);
});
