import type { RouteWalk } from '../access.js';

/**
 * How the route walk (route-walk.test.ts) calls each call of the table, by `domain.name`: a body
 * aimed at hotel A's rows (ids from `seedHotelA`), the form of an upload, a call that ends its
 * session. A call without an entry gets a body built from its schema.
 */
export const WALK_FIXTURES: Readonly<Record<string, RouteWalk>> = {
  'buildings.list': { body: () => ({ current: 1, size: 500 }) },
  'buildings.add': { body: () => ({ name: 'walk building', floor_from: 1, floor_to: 3 }) },
  'buildings.update': { body: (ids) => ({ id: ids.building_id, name: 'taken over' }) },
  'buildings.remove': { body: (ids) => ({ id: ids.empty_building_id }) },
};
