import type { PermissionKey } from './permissions.js';
import { holds, isVisitor } from './permissions.js';

/**
 * The console's route table (SPEC.md section 2): routes are data. The web guard, menu and
 * breadcrumb and the tests all read this one table.
 *
 * `name` is the route's permission name: it is the title key of the menu and breadcrumb
 * (`route.<name>`). `perm` is the key the route needs; where SPEC.md says a screen "needs" a
 * key other than its own (air control needs pm_checkquanxian), holding either lets the user in,
 * so a role can grant one such screen without the others.
 */
export type RouteGroup = 'roomsystem' | 'system' | 'permission' | 'statistics';

export interface ConsoleRoute {
  path: string;
  name: string;
  perm: PermissionKey;
  group?: RouteGroup;
  hidden?: boolean;
}

export const GROUPS: readonly RouteGroup[] = ['roomsystem', 'system', 'permission', 'statistics'];

/** Routes of every hotel user, in menu order. */
export const HOTEL_ROUTES: readonly ConsoleRoute[] = [
  { path: '/dashboard', name: 'pm_dashboard', perm: 'pm_dashboard' },
  { path: '/roomsystem/roomtype', name: 'pm_roomtype', perm: 'pm_roomtype', group: 'roomsystem' },
  {
    path: '/roomsystem/roomtypedevice',
    name: 'pm_roomtypedevice',
    perm: 'pm_roomdetail',
    group: 'roomsystem',
    hidden: true,
  },
  {
    path: '/roomsystem/roomctrl',
    name: 'pm_roomctrl',
    perm: 'pm_roomdetail',
    group: 'roomsystem',
    hidden: true,
  },
  { path: '/roomsystem/room', name: 'pm_roomdetail', perm: 'pm_roomdetail', group: 'roomsystem' },
  { path: '/roomsystem/aircondition', name: 'pm_config', perm: 'pm_config', group: 'roomsystem' },
  { path: '/roomsystem/model', name: 'pm_model', perm: 'pm_model', group: 'roomsystem' },
  { path: '/system/parameter', name: 'pm_upgradepara', perm: 'pm_upgradepara', group: 'system' },
  {
    path: '/system/configupdate',
    name: 'pm_upgradeconfigfile',
    perm: 'pm_upgradeconfigfile',
    group: 'system',
  },
  { path: '/system/infrared', name: 'pm_infrared', perm: 'pm_infrared', group: 'system' },
  { path: '/system/binupdate', name: 'pm_upgradebinfile', perm: 'pm_upgradebinfile', group: 'system' },
  { path: '/system/aircontrl', name: 'pm_aircontrl', perm: 'pm_checkquanxian', group: 'system' },
  {
    path: '/system/roomstatecontrl',
    name: 'pm_roomstatecontrl',
    perm: 'pm_checkquanxian',
    group: 'system',
  },
  { path: '/system/checkquanxian', name: 'pm_checkquanxian', perm: 'pm_checkquanxian', group: 'system' },
  { path: '/system/goods', name: 'pm_goods', perm: 'pm_dept', group: 'system' },
  { path: '/system/question', name: 'pm_question', perm: 'pm_dept', group: 'system' },
  { path: '/system/welcome', name: 'pm_welcome', perm: 'pm_dept', group: 'system' },
  { path: '/permission/user', name: 'pm_user', perm: 'pm_user', group: 'permission' },
  { path: '/permission/dept', name: 'pm_dept', perm: 'pm_dept', group: 'permission' },
  // Roles and the permission list (SPEC.md "Other screens"): in the menu, so managers find it.
  { path: '/permission/role', name: 'pm_role', perm: 'pm_user', group: 'permission' },
  {
    path: '/statistics/powerstatistics',
    name: 'pm_powerstatistics',
    perm: 'pm_powerstatistics',
    group: 'statistics',
  },
  {
    path: '/statistics/logstatistics',
    name: 'pm_logstatistics',
    perm: 'pm_logstatistics',
    group: 'statistics',
  },
];

/** The Administrator's route set (SPEC.md "Administrator route set"). */
export const ADMIN_ROUTES: readonly ConsoleRoute[] = [
  { path: '/system/hotel', name: 'pm_hotel', perm: 'pm_hotel', group: 'system' },
  { path: '/system/validdate', name: 'pm_validdate', perm: 'pm_hotel', group: 'system' },
  { path: '/permission/user', name: 'pm_user', perm: 'pm_user', group: 'permission' },
  { path: '/permission/dept', name: 'pm_dept', perm: 'pm_dept', group: 'permission' },
];

/** Where '' leads: the dashboard for hotel users, the hotel list for the Administrator. */
export function homePath(isAdmin: boolean): string {
  return isAdmin ? '/system/hotel' : '/dashboard';
}

/** The navigation guard's rule: a visitor passes, otherwise the route's key, its own name, or `*`. */
export function canVisit(route: ConsoleRoute, perms: readonly string[]): boolean {
  return isVisitor(perms) || holds(perms, route.perm) || holds(perms, route.name);
}

export function routesFor(isAdmin: boolean): readonly ConsoleRoute[] {
  return isAdmin ? ADMIN_ROUTES : HOTEL_ROUTES;
}
