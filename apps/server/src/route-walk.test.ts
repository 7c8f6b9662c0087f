import { ErrorCode } from '@roompilot/contract';
import { beforeAll, expect, it } from 'vitest';
import { type Answer, describeEachDatabase } from './test-support/databases.js';
import {
  badForms,
  badInputs,
  collectApiRoutes,
  HOTEL_B_USERS,
  multipartPayload,
  namesRowOf,
  registeredApiRoutes,
  rowsOfHotel,
  sampleOf,
  seedHotelA,
  seedHotelB,
  snapshotHotel,
  WALK_MARKER,
  type WalkRoute,
} from './test-support/route-walk.js';

/**
 * Every call of the table, whoever adds it: access refused where it must be, hotel B never reads
 * or changes hotel A's rows, and hostile input never gets past a clear answer. A new call joins
 * by itself; its entry in test-support/walk-fixtures.ts aims it at hotel A's rows (`body`, or
 * `multipart` for an upload). And the app serves exactly the table's calls under /apis.
 */
const ROUTES = collectApiRoutes();
const NEVER = [ErrorCode.internal];

function label(route: WalkRoute) {
  return `${route.method} ${route.url} (${route.route.access}, ${route.route.write ? 'write' : 'read'})`;
}

describeEachDatabase('route walk', (t) => {
  const tokens: Record<keyof typeof HOTEL_B_USERS | 'admin', string> = {} as never;
  let ids: Record<string, number> = {};
  let hotelB = 0;

  beforeAll(async () => {
    ids = await seedHotelA(t);
    hotelB = (await seedHotelB(t)).hotelId;
    for (const [key, user] of Object.entries(HOTEL_B_USERS)) {
      tokens[key as keyof typeof HOTEL_B_USERS] = await t.login(user.user_name, user.password);
    }
    tokens.admin = await t.login('Administrator');
  });

  /** A token of the given caller; a fresh one for calls that end their session. */
  async function tokenFor(route: WalkRoute, who: keyof typeof tokens): Promise<string> {
    if (!route.route.walk?.endsSession) return tokens[who];
    const user = who === 'admin' ? { user_name: 'Administrator', password: undefined } : HOTEL_B_USERS[who];
    return t.login(user.user_name, user.password);
  }

  function bodyFor(route: WalkRoute): Record<string, unknown> | undefined {
    if (route.route.walk?.body) return route.route.walk.body(ids);
    return route.body ? (sampleOf(route.body) as Record<string, unknown>) : undefined;
  }

  /** The route's request as the walk sends it: its JSON body, or its multipart form. */
  function requestFor(route: WalkRoute) {
    const form = route.route.walk?.multipart?.(ids);
    if (form) {
      const fields = Object.fromEntries(Object.entries(form.fields).map(([name, value]) => [name, Number(value)]));
      return { options: multipartPayload(form), names: fields };
    }
    const body = bodyFor(route);
    return { options: { body }, names: body };
  }

  /** A clear answer: an envelope, or for a file-answering route a 200 attachment. */
  function expectClear(route: WalkRoute, answer: Answer, label: string) {
    expect(answer.status, label).toBeLessThan(500);
    if (answer.code === -1 && route.route.walk?.answersFile) {
      expect(answer.status, label).toBe(200);
      expect(String(answer.headers['content-disposition']), label).toMatch(/^attachment; filename="/);
      return;
    }
    expect(answer.code, label).not.toBe(-1);
  }

  it('walks every /apis route of the app: each is a call of the table, and each call a route', async () => {
    const table = ROUTES.map((route) => `${route.method} ${route.url}`).sort();
    expect((await registeredApiRoutes()).sort()).toEqual(table);
  });

  it('accepts no body where every field of the body is optional, as the console sends it', async () => {
    const optional = ROUTES.filter(
      (route) => route.body?.type === 'object' && !(route.body.required?.length > 0) && route.route.write === false,
    );
    expect(optional.length).toBeGreaterThan(3);
    for (const route of optional) {
      const answer = await t.call(route.method as never, route.url, { token: tokens.all });
      expect(answer.code, label(route)).not.toBe(ErrorCode.invalid);
    }
  });

  it('has routes to walk', () => {
    expect(ROUTES.length).toBeGreaterThan(5);
    expect(ROUTES.every((route) => route.route.access !== undefined && route.route.write !== undefined)).toBe(true);
  });

  for (const route of ROUTES) {
    const { access, write } = route.route;

    it(`${label(route)}: refuses callers without the needed access`, async () => {
      const { options } = requestFor(route);
      if (access === 'public') return;
      const anonymous = await t.call(route.method as never, route.url, options);
      expect(anonymous.code, 'no token').toBe(ErrorCode.unauthenticated);
      const garbage = await t.call(route.method as never, route.url, { ...options, token: 'forged-token' });
      expect(garbage.code, 'forged token').toBe(ErrorCode.unauthenticated);

      const visitor = await t.call(route.method as never, route.url, {
        ...options,
        token: await tokenFor(route, 'visitor'),
      });
      if (access === 'admin' || (access !== 'session' && write)) {
        expect(visitor.code, 'visitor').toBe(ErrorCode.forbidden);
      } else {
        expect([ErrorCode.forbidden, ErrorCode.unauthenticated, ...NEVER], 'visitor reads').not.toContain(visitor.code);
      }

      if (access === 'admin') {
        const all = await t.call(route.method as never, route.url, { ...options, token: await tokenFor(route, 'all') });
        expect(all.code, 'hotel user with *').toBe(ErrorCode.forbidden);
      } else if (access !== 'session' && access !== 'staff') {
        // A user holding none of the call's keys: pm_dashboard's own, else pm_roomtype's.
        const keys: readonly string[] = typeof access === 'string' ? [access] : access;
        const lacking = keys.includes('pm_dashboard') ? 'roomtype' : 'dashboard';
        const answer = await t.call(route.method as never, route.url, {
          ...options,
          token: await tokenFor(route, lacking),
        });
        expect(answer.code, `user without ${access}`).toBe(ErrorCode.forbidden);
      }
    });

    it(`${label(route)}: hotel B reads and changes nothing of hotel A`, async () => {
      if (access === 'public' || access === 'admin') return;
      const before = await snapshotHotel(t.db, ids.hotel_id as number);
      const { options, names } = requestFor(route);
      const answer = await t.call(route.method as never, route.url, {
        ...options,
        token: await tokenFor(route, 'all'),
      });
      expect(NEVER).not.toContain(answer.code);
      expectClear(route, answer, 'hotel B');
      expect(answer.raw).not.toContain(WALK_MARKER);
      expect(rowsOfHotel(answer.data, ids.hotel_id as number)).toEqual([]);
      if (write && namesRowOf(names, ids)) expect([ErrorCode.notFound, ErrorCode.forbidden]).toContain(answer.code);
      expect(await snapshotHotel(t.db, ids.hotel_id as number)).toEqual(before);
      expect(hotelB).toBeGreaterThan(0);
    });

    it(`${label(route)}: answers hostile input clearly, never with a 5xx`, async () => {
      const form = route.route.walk?.multipart?.(ids);
      if (!route.body && !form) return;
      const caller = access === 'public' ? undefined : access === 'admin' ? 'admin' : 'all';
      const base = (bodyFor(route) ?? {}) as Record<string, unknown>;
      const before = await snapshotHotel(t.db, ids.hotel_id as number);
      const inputs = form
        ? badForms(form).map(({ form: bad, ...input }) => ({ ...input, options: multipartPayload(bad) }))
        : badInputs(route.body, base).map((input) => ({ ...input, options: { body: input.body } }));
      for (const input of inputs) {
        const token = caller ? await tokenFor(route, caller) : undefined;
        const answer = await t.call(route.method as never, route.url, { ...input.options, token });
        expectClear(route, answer, input.label);
        if (input.mustRefuse) {
          expect(answer.code, input.label).toBe(ErrorCode.invalid);
          if (input.label === 'an unknown field') expect(answer.message).toContain('zz_unknown_field');
        }
      }
      const users = await t.db.selectFrom('users').select('id').execute();
      expect(users.length).toBeGreaterThan(0);
      if (caller !== 'admin') expect(await snapshotHotel(t.db, ids.hotel_id as number)).toEqual(before);
    });
  }
});
