import {
  type ConsoleRoute,
  canVisit,
  HOTEL_KEYS,
  HOTEL_ROUTES,
  holds,
  type PermissionKey,
  type RouteGroup,
} from '@roompilot/contract';

/**
 * The permission keys a hotel role may hold, as the role screens show them: grouped as the menu
 * groups their screens (each key under the group of the route named after it; the dashboard,
 * which has no group, first), in the menu's order. Each key is named by its screen's menu title
 * (`route.<key>`) and described in `roles.perm.<key>`.
 */
export interface PermissionGroup {
  /** The menu group, or undefined for the keys of top-level screens (the dashboard). */
  group: RouteGroup | undefined;
  keys: PermissionKey[];
}

function groupOf(key: PermissionKey): RouteGroup | undefined {
  return HOTEL_ROUTES.find((route) => route.name === key)?.group;
}

export const PERMISSION_GROUPS: readonly PermissionGroup[] = (() => {
  const groups: PermissionGroup[] = [];
  const ordered = [...HOTEL_KEYS].sort(
    (a, b) => HOTEL_ROUTES.findIndex((route) => route.name === a) - HOTEL_ROUTES.findIndex((route) => route.name === b),
  );
  for (const key of ordered) {
    const group = groupOf(key);
    let entry = groups.find((candidate) => candidate.group === group);
    if (!entry) {
      entry = { group, keys: [] };
      groups.push(entry);
    }
    entry.keys.push(key);
  }
  return groups;
})();

/** The screens a key opens on its own (the guard's rule): its own, and those that need it. */
export function screensOpenedBy(key: PermissionKey): ConsoleRoute[] {
  return HOTEL_ROUTES.filter((route) => canVisit(route, [key]));
}

/** The roles that hold a key, the wildcard's holders included. */
export function rolesHolding<Role extends { perms: readonly string[] }>(key: PermissionKey, roles: readonly Role[]) {
  return roles.filter((role) => holds(role.perms, key));
}
