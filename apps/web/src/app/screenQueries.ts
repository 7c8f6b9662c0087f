import { ROLES_PER_HOTEL_MAX, type UpgradeKind } from '@roompilot/contract';
import type { QueryClient } from '@tanstack/react-query';
import { firstPageQuery } from '../components/useListQuery';
import { ALL_ON_ONE_PAGE } from '../features/live/vocabulary';
import { chartFrom, DEFAULT_SPAN, listFrom, type TimeSpan, utcOffset } from '../features/logs/logTime';
import { api } from './api';
import { type PreloadQuery, preloadQuery } from './queryClient';

/**
 * The first queries of the built screens, in one place: each screen makes them with these keys and
 * calls, and a route preloads them (`preloadFirstQueries`) while its chunk loads, so the screen
 * finds its data there. Kept light: the console's first chunk holds this module.
 */

/** The list screens: `useListQuery({ ...LISTS.x, params })`. */
export const LISTS = {
  hotels: { key: 'hotels', fetch: api.hotels.list },
  validity: { key: 'validity', fetch: api.hotels.validityList },
  roomTypes: { key: 'roomtypes', fetch: api.roomTypes.list },
  buildings: { key: 'buildings', fetch: api.buildings.list },
  /** The rooms tab starts with the smallest of its page sizes. */
  rooms: { key: 'rooms', fetch: api.rooms.list, pageSize: 20 },
  goods: { key: 'goods', fetch: api.guestservice.goodsList },
  questions: { key: 'questions', fetch: api.guestservice.questionList },
  users: { key: 'users', fetch: api.users.list },
  roles: { key: 'roles', fetch: api.roles.list },
} as const;

/** A query's options for `useQuery` (the call as the screen makes it, not quiet unless it says so). */
export function asQuery<T>({ queryKey, queryFn }: PreloadQuery<T>) {
  return { queryKey, queryFn: () => queryFn() };
}

// The dashboard: its buildings (quiet: without the rooms screen, the whole hotel and no picker),
// the whole hotel's rooms' state (the screen shows one building's), the air conditioners (quiet:
// the tiles show the rest). The buildings and the rooms' state start together; the air
// conditioners once the rooms' state is in (here and in DashboardPage): both answers are the
// whole hotel's (2,000 rooms: ~0.5 MB and ~0.3 MB of JSON), and asked for together the server
// makes them side by side, so the tiles waited for both (issue 11).
export const dashboardBuildingsQuery = () => ({
  queryKey: ['buildings', ALL_ON_ONE_PAGE, 'quiet'],
  queryFn: () => api.buildings.list(ALL_ON_ONE_PAGE, { quiet: true }),
});
export const roomStatesQuery = () => ({
  queryKey: ['live', 'rooms', 'all'],
  queryFn: (options?: Parameters<typeof api.live.roomStates>[1]) => api.live.roomStates({}, options),
});
export const dashboardAirQuery = () => ({
  queryKey: ['live', 'air'],
  queryFn: () => api.live.airStates({}, { quiet: true }),
});

// The people screens: the hotel they act on (the Administrator picks one: `?hotel=`), its
// departments (the tree, the user screen's filter and picker) and roles (the user form's picker).
/** What a people screen's calls add to their body: the Administrator's hotel, nothing for a hotel user. */
export type HotelTarget = { hotel_id?: number };
export const hotelOptionsQuery = () => ({
  queryKey: ['hotels', 'options'],
  queryFn: (options?: Parameters<typeof api.hotels.list>[1]) => api.hotels.list({ current: 1, size: 500 }, options),
});
export const departmentsQuery = (target: HotelTarget) => ({
  queryKey: ['departments', target],
  queryFn: (options?: Parameters<typeof api.departments.list>[1]) => api.departments.list(target, options),
});
export const roleOptionsQuery = (target: HotelTarget) => ({
  queryKey: ['roles', 'options', target],
  queryFn: (options?: Parameters<typeof api.roles.list>[1]) =>
    api.roles.list({ current: 1, size: 500, ...target }, options),
});
/** Whether the signed-in user, as the console's start has read it, is the Administrator. */
function administrator(client: QueryClient): boolean {
  return client
    .getQueriesData<{ is_admin?: boolean }>({ queryKey: ['userinfo'] })
    .some(([, info]) => info?.is_admin === true);
}
/**
 * The hotel the Administrator last picked on a people screen: a screen reached without `?hotel=`
 * (from the menu) stays on it, so that going from the departments to the users keeps the hotel.
 */
let pickedPeopleHotel: number | undefined;
/** The hotel a people screen acts on: its query string's, else the Administrator's last pick. */
export function peopleHotelOf(search: URLSearchParams): number | undefined {
  return numberParam(search.get('hotel')) ?? pickedPeopleHotel;
}
/** Remembers the Administrator's pick for the next people screen. */
export function rememberPeopleHotel(hotelId: number | undefined): void {
  pickedPeopleHotel = hotelId;
}
/** The hotel a people screen acts on, from its query string (the Administrator's pick), when known. */
const peopleScreen =
  (first: (target: HotelTarget) => PreloadQuery[]): Preload =>
  (client, search) => {
    if (!administrator(client)) return Promise.all(first({}).map((query) => preloadQuery(client, query)));
    const hotel = peopleHotelOf(search);
    return Promise.all([
      preloadQuery(client, hotelOptionsQuery()),
      ...(hotel === undefined ? [] : first({ hotel_id: hotel })).map((query) => preloadQuery(client, query)),
    ]);
  };

// The welcome word screen: the hotel's word and name.
export const welcomeQuery = () => ({ queryKey: ['welcome'], queryFn: () => api.guestservice.welcome({}) });

// The permission list: every role of the hotel (a hotel has at most ROLES_PER_HOTEL_MAX).
export const allRolesQuery = () => ({
  queryKey: ['roles', 'all'],
  queryFn: (options?: Parameters<typeof api.roles.list>[1]) =>
    api.roles.list({ current: 1, size: ROLES_PER_HOTEL_MAX }, options),
});

// The log screen: its keeping periods, and the device events' list and counts over a span back from
// one moment (fixed when the span is chosen, so that paging does not move it). The preload picks
// the moment; the events tab starts from it (`eventLogStart`), so both ask for the same.
export const logRetentionQuery = () => ({ queryKey: ['logretention'], queryFn: () => api.logs.retention({}) });
export type EventLogFilters = { room_num?: string; type?: string };
export const EVENT_LOG = { key: 'eventlog', fetch: api.logs.events } as const;
export const eventLogFilter = (filters: EventLogFilters, span: TimeSpan, now: number) => {
  const from = listFrom(span, now);
  return { ...filters, ...(from && { from }) };
};
export const eventLogCountsQuery = (filters: EventLogFilters, span: TimeSpan, now: number) => ({
  queryKey: ['eventlog', 'counts', filters, span, now],
  queryFn: () =>
    api.logs.eventCounts({
      filter: { ...filters, from: chartFrom(span, now), to: new Date(now).toISOString() },
      utc_offset: utcOffset(),
    }),
});
let eventLogMoment: number | undefined;
/** The moment the events tab's first view counts back from: the preload's (once), else now. */
export function eventLogStart(): number {
  const moment = eventLogMoment ?? Date.now();
  eventLogMoment = undefined;
  return moment;
}
const logScreen: Preload = (client, search) => {
  const retention = preloadQuery(client, logRetentionQuery());
  if (search.get('tab') === 'operations') return retention;
  const now = Date.now();
  eventLogMoment = now;
  return Promise.all([
    retention,
    preloadQuery(client, firstPageQuery({ ...EVENT_LOG, params: { filter: eventLogFilter({}, DEFAULT_SPAN, now) } })),
    preloadQuery(client, eventLogCountsQuery({}, DEFAULT_SPAN, now)),
  ]);
};

// The energy policy screen: the hotel's policy.
export const airPolicyQuery = () => ({ queryKey: ['airpolicy'], queryFn: () => api.airPolicy.get({}) });

/**
 * The building the dashboard shows: the one the link names, else the first of several (one
 * building, or none, is the whole hotel: undefined). While the list loads, the one the link names.
 */
export function dashboardBuildingId(
  buildings: readonly { id: number }[] | undefined,
  requested: number | undefined,
): number | undefined {
  if (buildings === undefined) return requested;
  return (
    buildings.find((building) => building.id === requested)?.id ?? (buildings.length > 1 ? buildings[0]?.id : undefined)
  );
}

/** A whole number from the query string, else undefined. */
export const numberParam = (value: string | null) =>
  value !== null && /^-?\d+$/.test(value) ? Number(value) : undefined;

// The control screens: their rows (live), and the pickers' rooms, types and buildings (asked for
// only with the room screens' key; without it the screen offers floors and a selection).
const ALL = { current: 1, size: ALL_ON_ONE_PAGE.size };
export const airControlQuery = () => ({
  queryKey: ['live', 'air', 'control'],
  queryFn: (options?: Parameters<typeof api.live.airStates>[1]) => api.live.airStates({}, options),
});
export const roomStateControlQuery = () => ({
  queryKey: ['live', 'rooms', 'control'],
  queryFn: (options?: Parameters<typeof api.live.roomStates>[1]) => api.live.roomStates({}, options),
});
export const paramsRoomsQuery = () => ({
  queryKey: ['live', 'rooms', 'params'],
  queryFn: () => api.live.roomStates({}, { quiet: true }),
});
export const controlRoomsQueries = () => ({
  basic: { queryKey: ['rooms', 'basic', 'quiet'], queryFn: () => api.rooms.basic({}, { quiet: true }) },
  types: { queryKey: ['roomtypeoptions', 'quiet'], queryFn: () => api.roomTypes.options({}, { quiet: true }) },
  buildings: { queryKey: ['buildings', ALL, 'quiet'], queryFn: () => api.buildings.list(ALL, { quiet: true }) },
});

// The rooms tab's filters: the hotel's buildings and room types.
export const roomBuildingsQuery = () => ({
  queryKey: ['buildings', ALL],
  queryFn: (options?: Parameters<typeof api.buildings.list>[1]) => api.buildings.list(ALL, options),
});
export const roomTypeOptionsQuery = () => ({
  queryKey: ['roomtypeoptions'],
  queryFn: (options?: Parameters<typeof api.roomTypes.options>[1]) => api.roomTypes.options({}, options),
});

// The modes screen: the hotel's room types (its picker) and the modes of the type shown.
export const modesRoomTypesQuery = () => ({
  queryKey: ['modes', 'roomtypes'],
  queryFn: (options?: Parameters<typeof api.modes.roomTypes>[1]) => api.modes.roomTypes({}, options),
});
export const modesOfTypeQuery = (roomTypeId: number) => ({
  queryKey: ['modes', 'type', roomTypeId],
  queryFn: (options?: Parameters<typeof api.modes.list>[1]) => api.modes.list({ room_type_id: roomTypeId }, options),
});

// The upgrade screens: a kind's files (its first tab) or jobs (`?tab=jobs`).
export const upgradeFilesList = (kind: UpgradeKind) =>
  ({ key: 'upgradefiles', fetch: api.upgrades.fileList, params: { kind } }) as const;
export const upgradeJobsList = (kind: UpgradeKind) =>
  ({ key: 'upgradejobs', fetch: api.upgrades.jobList, params: { kind } }) as const;
const upgradeScreen =
  (kind: UpgradeKind): Preload =>
  (client, search) =>
    search.get('tab') === 'jobs'
      ? preloadQuery(client, firstPageQuery(upgradeJobsList(kind)))
      : preloadQuery(client, firstPageQuery(upgradeFilesList(kind)));

/** Starts a screen's first queries; settles (never rejects) once those its first view needs are in. */
type Preload = (client: QueryClient, search: URLSearchParams) => Promise<unknown>;

const each =
  (...queries: (() => PreloadQuery)[]): Preload =>
  (client) =>
    Promise.all(queries.map((query) => preloadQuery(client, query())));

/** What each screen asks for first, by route name, from the page's query string. */
export const FIRST_QUERIES: Readonly<Record<string, Preload>> = {
  // The tiles need the rooms' state and the buildings; the air conditioners fill in later.
  pm_dashboard: (client) => {
    const states = preloadQuery(client, roomStatesQuery());
    void states.finally(() => preloadQuery(client, dashboardAirQuery()));
    return Promise.all([states, preloadQuery(client, dashboardBuildingsQuery())]);
  },
  pm_roomtype: each(() => firstPageQuery(LISTS.roomTypes)),
  pm_roomdetail: (client, search) =>
    search.get('tab') === 'buildings'
      ? each(() => firstPageQuery(LISTS.buildings))(client, search)
      : each(() => firstPageQuery(LISTS.rooms), roomBuildingsQuery, roomTypeOptionsQuery)(client, search),
  // Their pickers' rooms, types and buildings are the screen's to ask for: only a user with the
  // room screens' key may read them (useControlRooms).
  pm_aircontrl: each(airControlQuery),
  pm_roomstatecontrl: each(roomStateControlQuery),
  pm_checkquanxian: each(paramsRoomsQuery),
  pm_model: (client, search) => {
    const requested = numberParam(search.get('type'));
    // A link that names its type asks for its modes at once, as the screen does; else the first type's.
    const named = requested === undefined ? undefined : preloadQuery(client, modesOfTypeQuery(requested));
    const types = preloadQuery(client, modesRoomTypesQuery()).then((types) => {
      const first = (types as { id: number }[] | undefined)?.[0]?.id;
      if (requested === undefined && first !== undefined) return preloadQuery(client, modesOfTypeQuery(first));
    });
    return Promise.all([named, types]);
  },
  pm_logstatistics: (client, search) => logScreen(client, search),
  pm_hotel: each(() => firstPageQuery(LISTS.hotels)),
  pm_validdate: each(() => firstPageQuery(LISTS.validity)),
  pm_config: each(airPolicyQuery),
  pm_goods: each(() => firstPageQuery(LISTS.goods)),
  pm_question: each(() => firstPageQuery(LISTS.questions)),
  pm_welcome: each(welcomeQuery),
  pm_user: peopleScreen((target) => [
    firstPageQuery({ ...LISTS.users, params: target }) as PreloadQuery,
    departmentsQuery(target),
  ]),
  pm_dept: peopleScreen((target) => [departmentsQuery(target)]),
  pm_role: (client, search) =>
    search.get('tab') === 'perms'
      ? each(allRolesQuery)(client, search)
      : each(() => firstPageQuery(LISTS.roles))(client, search),
  pm_upgradebinfile: upgradeScreen('bin'),
  pm_upgradeconfigfile: upgradeScreen('config'),
  pm_infrared: upgradeScreen('ir'),
  pm_upgradepara: upgradeScreen('param'),
};

/**
 * Starts the first queries of the route's screen (those it has no data for yet); settles once its
 * first view's data is in or has failed.
 */
export function preloadFirstQueries(client: QueryClient, routeName: string, search: string): Promise<unknown> {
  return FIRST_QUERIES[routeName]?.(client, new URLSearchParams(search)) ?? Promise.resolve();
}
