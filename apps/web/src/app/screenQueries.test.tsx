// @vitest-environment jsdom
import type { QueryClient } from '@tanstack/react-query';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { firstPageQuery } from '../components/useListQuery';
import DepartmentsPage from '../features/departments/DepartmentsPage';
import HotelsPage from '../features/hotels/HotelsPage';
import { DEFAULT_SPAN } from '../features/logs/logTime';
import RolesPage from '../features/roles/RolesPage';
import RoomsPage from '../features/rooms/RoomsPage';
import RoomTypesPage from '../features/roomtypes/RoomTypesPage';
import UsersPage from '../features/users/UsersPage';
import ValidityPage from '../features/validity/ValidityPage';
import { renderInApp } from '../test/render';
import { MessageProvider } from './feedback';
import { createQueryClient } from './queryClient';
import {
  dashboardBuildingId,
  EVENT_LOG,
  eventLogCountsQuery,
  eventLogFilter,
  eventLogStart,
  FIRST_QUERIES,
  preloadFirstQueries,
} from './screenQueries';
import { CurrentUserContext } from './user';

/** Every call of the console's api, answered with a small page of its kind and counted. */
const calls = vi.hoisted(() => ({ log: [] as { call: string; body: unknown; options: unknown }[] }));
vi.mock('./api', () => {
  const page = (records: object[]) => ({ records, total: records.length, current: 1, size: 20 });
  const answers: Record<string, (body: Record<string, unknown>) => unknown> = {
    'hotels.list': () => page([{ hotel_id: 1, hotel_name: 'Harbour Hotel', validdate: null }]),
    'hotels.validityList': () => page([{ hotel_id: 1, hotel_name: 'Harbour Hotel', validdate: null, days_left: null }]),
    'roomTypes.list': () => page([{ id: 1, name: 'Deluxe twin', devices: [], room_count: 3 }]),
    'roomTypes.options': () => [{ id: 1, name: 'Deluxe twin' }],
    'buildings.list': () => page([{ id: 7, name: 'North wing', floor_from: 1, floor_to: 9, room_count: 12 }]),
    'users.list': () =>
      page([
        {
          id: 9,
          user_name: 'lily',
          nick_name: 'Lily',
          dept_id: 3,
          dept_name: 'Front office',
          roles: [{ id: 1, name: 'guest' }],
          state: 'enabled',
        },
      ]),
    'departments.list': () => ({
      records: [{ id: 3, parent_id: null, name: 'Front office', sort: 0, user_count: 1, user_total: 1 }],
      total: 1,
    }),
    'roles.list': () =>
      page([{ id: 3, hotel_id: 1, name: 'Night desk', perms: ['pm_dashboard'], user_count: 2, created_at: '' }]),
    'live.roomStates': () => [],
    'logs.events': () => page([]),
    'logs.eventCounts': () => ({ by_day: [], by_type: [] }),
    'logs.retention': () => ({ oplog_days: 365, events_days: 180 }),
    'live.airStates': () => [],
    'rooms.list': () =>
      page([
        {
          id: 1,
          room_num: 'N0101',
          floor_num: 1,
          building_id: 7,
          building_name: 'North wing',
          room_type_id: 1,
          room_type_name: 'Deluxe twin',
          rcu_id: 'R7xN0101',
        },
      ]),
  };
  const api = new Proxy(
    {},
    {
      get: (_target, domain: string) =>
        new Proxy(
          {},
          {
            get:
              (_inner, name: string) =>
              async (body: Record<string, unknown> = {}, options?: unknown) => {
                const call = `${domain}.${name}`;
                calls.log.push({ call, body, options });
                const answer = answers[call];
                if (!answer) throw new Error(`no answer for ${call}`);
                return answer(body);
              },
          },
        ),
    },
  );
  return { api };
});

beforeEach(() => {
  calls.log.length = 0;
});

const manager = {
  info: { id: 2, user_name: 'manager', is_admin: false, perms: [], hotel_id: 1, roles: ['manager'] },
  guard: { isAdmin: false, perms: ['*'] },
} as never;

async function renderWith(client: QueryClient, ui: ReactElement, search: string) {
  await renderInApp(<span />); // i18next in English, as the app sets it up
  return render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <MessageProvider>
        <QueryClientProvider client={client}>
          <CurrentUserContext.Provider value={manager}>
            <MemoryRouter initialEntries={[`/page${search}`]}>{ui}</MemoryRouter>
          </CurrentUserContext.Provider>
        </QueryClientProvider>
      </MessageProvider>
    </ConfigProvider>,
  );
}

const settled = (client: QueryClient) => waitFor(() => expect(client.isFetching()).toBe(0), { timeout: 10_000 });

describe('a route preloads the queries its screen makes', () => {
  test.each([
    { route: 'pm_hotel', search: '', page: <HotelsPage />, shows: 'Harbour Hotel' },
    { route: 'pm_validdate', search: '', page: <ValidityPage />, shows: 'Harbour Hotel' },
    { route: 'pm_roomtype', search: '', page: <RoomTypesPage />, shows: 'Deluxe twin' },
    { route: 'pm_roomdetail', search: '', page: <RoomsPage />, shows: 'N0101' },
    { route: 'pm_roomdetail', search: '?tab=buildings', page: <RoomsPage />, shows: 'North wing' },
    { route: 'pm_user', search: '', page: <UsersPage />, shows: 'lily' },
    { route: 'pm_dept', search: '', page: <DepartmentsPage />, shows: 'Front office' },
    { route: 'pm_role', search: '', page: <RolesPage />, shows: 'Night desk' },
    { route: 'pm_role', search: '?tab=perms', page: <RolesPage />, shows: 'Night desk' },
  ])(
    '$route $search: the screen shows the preloaded answers and asks for nothing again',
    async ({ route, search, page, shows }) => {
      const client = createQueryClient();
      preloadFirstQueries(client, route, search);
      await settled(client);
      const preloaded = calls.log.map(({ call, body }) => ({ call, body }));
      expect(preloaded.length).toBeGreaterThan(0);
      // Quiet: a failure is the screen's to report.
      for (const { options } of calls.log) expect(options).toEqual({ quiet: true });

      await renderWith(client, page, search);
      expect(await screen.findByText(shows, undefined, { timeout: 15_000 })).toBeTruthy();
      await settled(client);
      expect(calls.log.map(({ call, body }) => ({ call, body }))).toEqual(preloaded);
    },
  );
});

describe('the dashboard preloads the whole hotel at once and shows one building of it', () => {
  test('the rooms and the building list start together, the air conditioners once the rooms are in, whatever the link names', async () => {
    for (const search of ['?mode=overview', '?building=7']) {
      calls.log.length = 0;
      const client = createQueryClient();
      preloadFirstQueries(client, 'pm_dashboard', search);
      expect(calls.log.map(({ call }) => call)).toEqual(['live.roomStates', 'buildings.list']);
      await settled(client);
      expect(calls.log.map(({ call, body }) => ({ call, body }))).toEqual([
        { call: 'live.roomStates', body: {} },
        { call: 'buildings.list', body: { current: 1, size: 500 } },
        { call: 'live.airStates', body: {} },
      ]);
    }
  });

  test('a hotel of several buildings: the first one; one the link names, if it is there', () => {
    const buildings = [{ id: 7 }, { id: 9 }];
    expect(dashboardBuildingId(buildings, undefined)).toBe(7);
    expect(dashboardBuildingId(buildings, 9)).toBe(9);
    expect(dashboardBuildingId(buildings, 4)).toBe(7);
    expect(dashboardBuildingId([{ id: 7 }], undefined)).toBeUndefined();
    expect(dashboardBuildingId(undefined, 9)).toBe(9);
  });

  test("the log screen: the events tab starts from the preload's moment, so it finds its list and counts there", async () => {
    const client = createQueryClient();
    await preloadFirstQueries(client, 'pm_logstatistics', '');
    expect(calls.log.map(({ call }) => call).sort()).toEqual(['logs.eventCounts', 'logs.events', 'logs.retention']);
    const moment = eventLogStart();
    const cached = (queryKey: readonly unknown[]) => client.getQueryData([...queryKey]) !== undefined;
    expect(cached(eventLogCountsQuery({}, DEFAULT_SPAN, moment).queryKey)).toBe(true);
    const filter = eventLogFilter({}, DEFAULT_SPAN, moment);
    expect(cached(firstPageQuery({ ...EVENT_LOG, params: { filter } }).queryKey)).toBe(true);
    // Taken once: a later visit counts back from its own moment.
    await new Promise((resolve) => setTimeout(resolve, 2));
    expect(eventLogStart()).toBeGreaterThan(moment);
  });

  test('the dashboard and every list screen have their first queries', () => {
    for (const route of [
      'pm_dashboard',
      'pm_roomtype',
      'pm_roomdetail',
      'pm_aircontrl',
      'pm_roomstatecontrl',
      'pm_checkquanxian',
      'pm_hotel',
      'pm_validdate',
      'pm_user',
      'pm_dept',
      'pm_role',
      'pm_logstatistics',
    ]) {
      expect(FIRST_QUERIES[route], route).toBeTypeOf('function');
    }
  });
});
