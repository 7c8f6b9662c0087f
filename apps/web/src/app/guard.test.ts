import { describe, expect, it } from 'vitest';
import { allowedRoutes, decide, type GuardUser, homeRoute, routeAt, routeGuess, safeRedirect } from './guard';

const manager: GuardUser = { isAdmin: false, perms: ['*'] };
const waiter: GuardUser = { isAdmin: false, perms: ['pm_dashboard', 'pm_roomdetail', 'pm_roomstatecontrl'] };
const visitor: GuardUser = { isAdmin: false, perms: [] };
const admin: GuardUser = { isAdmin: true, perms: ['*'] };
const roomsOnly: GuardUser = { isAdmin: false, perms: ['pm_roomdetail'] };

describe('navigation guard', () => {
  it('without a token lets only /login and /authredirect through', () => {
    expect(decide('/login', false, undefined)).toEqual({ kind: 'render' });
    expect(decide('/authredirect', false, undefined)).toEqual({ kind: 'render' });
    expect(decide('/', false, undefined)).toEqual({ kind: 'redirect', to: '/login' });
    expect(decide('/404', false, undefined)).toEqual({ kind: 'redirect', to: '/login?redirect=%2F404' });
    expect(decide('/roomsystem/room/', false, undefined)).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Froomsystem%2Froom',
    });
  });

  it('with a token sends /login and /dashboard to /', () => {
    expect(decide('/login', true, undefined)).toEqual({ kind: 'redirect', to: '/' });
    expect(decide('/login', true, undefined, '?redirect=%2Fsystem%2Fgoods')).toEqual({
      kind: 'redirect',
      to: '/system/goods',
    });
    expect(decide('/login', true, undefined, '?redirect=https%3A%2F%2Fevil.example')).toEqual({
      kind: 'redirect',
      to: '/',
    });
    expect(decide('/dashboard', true, manager)).toEqual({ kind: 'redirect', to: '/' });
    // The query goes along: a link to the overview of a building stays one.
    expect(decide('/dashboard', true, manager, '?building=3&mode=overview')).toEqual({
      kind: 'redirect',
      to: '/?building=3&mode=overview',
    });
  });

  it('keeps the query of a deep link through the login', () => {
    expect(decide('/roomsystem/roomctrl', false, undefined, '?room_id=12')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2Froomsystem%2Froomctrl%3Froom_id%3D12',
    });
    expect(decide('/login', true, undefined, '?redirect=%2Froomsystem%2Froomctrl%3Froom_id%3D12')).toEqual({
      kind: 'redirect',
      to: '/roomsystem/roomctrl?room_id=12',
    });
    expect(decide('/', false, undefined, '?mode=overview')).toEqual({
      kind: 'redirect',
      to: '/login?redirect=%2F%3Fmode%3Doverview',
    });
  });

  it('with a token shows the public pages without loading the user', () => {
    for (const path of ['/404', '/401', '/authredirect'])
      expect(decide(path, true, undefined)).toEqual({ kind: 'render' });
  });

  it('loads the user info before deciding on a console route', () => {
    expect(decide('/', true, undefined)).toEqual({ kind: 'loadUser' });
    expect(decide('/roomsystem/room', true, undefined)).toEqual({ kind: 'loadUser' });
  });

  it('shows the dashboard at / and sends the Administrator to the hotel list', () => {
    expect(decide('/', true, manager)).toEqual({ kind: 'render' });
    expect(routeAt('/', manager)?.name).toBe('pm_dashboard');
    expect(decide('/', true, admin)).toEqual({ kind: 'redirect', to: '/system/hotel' });
    expect(routeAt('/', admin)).toBeUndefined();
  });

  it('sends a user without the dashboard to their first menu entry', () => {
    expect(homeRoute(roomsOnly)?.path).toBe('/roomsystem/room');
    expect(decide('/', true, roomsOnly)).toEqual({ kind: 'redirect', to: '/roomsystem/room' });
  });

  it('lets a visitor go everywhere in the hotel route set', () => {
    expect(decide('/system/aircontrl', true, visitor)).toEqual({ kind: 'render' });
    expect(decide('/statistics/logstatistics', true, visitor)).toEqual({ kind: 'render' });
  });

  it('sends users without the key to /401 with noGoBack', () => {
    expect(decide('/roomsystem/room', true, waiter)).toEqual({ kind: 'render' });
    expect(decide('/roomsystem/roomctrl', true, waiter)).toEqual({ kind: 'render' });
    expect(decide('/system/roomstatecontrl', true, waiter)).toEqual({ kind: 'render' });
    expect(decide('/permission/user', true, waiter)).toEqual({ kind: 'redirect', to: '/401', noGoBack: true });
    expect(decide('/system/aircontrl', true, waiter)).toEqual({ kind: 'redirect', to: '/401', noGoBack: true });
  });

  it('sends unknown paths and the other route set to /404', () => {
    expect(decide('/nowhere', true, manager)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide('/system/hotel', true, manager)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide('/roomsystem/room', true, admin)).toEqual({ kind: 'redirect', to: '/404' });
    expect(decide('/system/hotel', true, admin)).toEqual({ kind: 'render' });
  });

  it('adds only the routes the user may visit', () => {
    expect(allowedRoutes(waiter).map((route) => route.name)).toEqual([
      'pm_dashboard',
      'pm_roomtypedevice',
      'pm_roomctrl',
      'pm_roomdetail',
      'pm_roomstatecontrl',
    ]);
    expect(allowedRoutes(admin).map((route) => route.path)).toEqual([
      '/system/hotel',
      '/system/validdate',
      '/permission/user',
      '/permission/dept',
    ]);
  });

  it("guesses an address's screen before the user is known, for the start to load its code", () => {
    expect(routeGuess('/')?.name).toBe('pm_dashboard');
    expect(routeGuess('/roomsystem/room/')?.name).toBe('pm_roomdetail');
    // The Administrator's screens too; what the user may see is still the guard's decision.
    expect(routeGuess('/system/hotel')?.name).toBe('pm_hotel');
    expect(routeGuess('/login')).toBeUndefined();
    expect(routeGuess('/no/such/screen')).toBeUndefined();
  });

  it('keeps redirects inside the console', () => {
    expect(safeRedirect('/roomsystem/room')).toBe('/roomsystem/room');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect(null)).toBe('/');
  });
});
