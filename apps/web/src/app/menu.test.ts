import { HOTEL_ROUTES } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { allowedRoutes } from './guard';
import { breadcrumbKeys, buildMenu, type MenuEntry } from './menu';

const outline = (entries: MenuEntry[]) =>
  entries.map((entry) => (entry.kind === 'link' ? entry.name : { [entry.key]: entry.children.map((c) => c.name) }));

describe('sidebar menu', () => {
  it('groups the full hotel set in table order and omits hidden routes', () => {
    expect(outline(buildMenu(HOTEL_ROUTES))).toEqual([
      'pm_dashboard',
      { roomsystem: ['pm_roomtype', 'pm_roomdetail', 'pm_config', 'pm_model'] },
      {
        system: [
          'pm_upgradepara',
          'pm_upgradeconfigfile',
          'pm_infrared',
          'pm_upgradebinfile',
          'pm_aircontrl',
          'pm_roomstatecontrl',
          'pm_checkquanxian',
          'pm_goods',
          'pm_question',
          'pm_welcome',
        ],
      },
      { permission: ['pm_user', 'pm_dept', 'pm_role'] },
      { statistics: ['pm_powerstatistics', 'pm_logstatistics'] },
    ]);
  });

  it('links the dashboard to /', () => {
    const [dashboard] = buildMenu(HOTEL_ROUTES);
    expect(dashboard).toEqual({ kind: 'link', key: '/dashboard', to: '/', name: 'pm_dashboard' });
  });

  it('shows a group with a single visible child as a direct link', () => {
    const waiter = { isAdmin: false, perms: ['pm_dashboard', 'pm_roomdetail', 'pm_roomstatecontrl'] };
    const menu = buildMenu(allowedRoutes(waiter));
    expect(outline(menu)).toEqual(['pm_dashboard', 'pm_roomdetail', 'pm_roomstatecontrl']);
    expect(menu[1]).toEqual({
      kind: 'link',
      key: '/roomsystem/room',
      to: '/roomsystem/room',
      name: 'pm_roomdetail',
      group: 'roomsystem',
    });
  });

  it('builds the Administrator menu', () => {
    const menu = buildMenu(allowedRoutes({ isAdmin: true, perms: ['*'] }));
    expect(outline(menu)).toEqual([{ system: ['pm_hotel', 'pm_validdate'] }, { permission: ['pm_user', 'pm_dept'] }]);
  });

  it('titles the breadcrumb with the group and the route', () => {
    const room = HOTEL_ROUTES.find((route) => route.name === 'pm_roomdetail');
    expect(breadcrumbKeys(room)).toEqual(['route.roomsystem', 'route.pm_roomdetail']);
    expect(breadcrumbKeys(HOTEL_ROUTES[0])).toEqual(['route.pm_dashboard']);
    expect(breadcrumbKeys(undefined)).toEqual([]);
  });
});
