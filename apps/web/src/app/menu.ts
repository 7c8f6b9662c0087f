import type { ConsoleRoute, RouteGroup } from '@roompilot/contract';
import { linkTo } from './guard';

export interface MenuLink {
  kind: 'link';
  /** The route's path: the key the menu selects. */
  key: string;
  to: string;
  name: string;
  /** The group a single-child group was collapsed from: the link keeps its icon. */
  group?: RouteGroup;
}

export interface MenuGroup {
  kind: 'group';
  key: RouteGroup;
  children: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (route: ConsoleRoute): MenuLink => ({
  kind: 'link',
  key: route.path,
  to: linkTo(route),
  name: route.name,
  group: route.group,
});

/**
 * The sidebar from the route table (SPEC.md "Layout"): table order, hidden routes left out, routes
 * grouped; a group with a single visible child is shown as a direct link.
 */
export function buildMenu(routes: readonly ConsoleRoute[]): MenuEntry[] {
  const entries: MenuEntry[] = [];
  const groups = new Map<RouteGroup, MenuGroup>();
  for (const route of routes) {
    if (route.hidden) continue;
    if (!route.group) {
      entries.push(link(route));
      continue;
    }
    let group = groups.get(route.group);
    if (!group) {
      group = { kind: 'group', key: route.group, children: [] };
      groups.set(route.group, group);
      entries.push(group);
    }
    group.children.push(link(route));
  }
  return entries.map((entry) => {
    const [only, ...others] = entry.kind === 'group' ? entry.children : [];
    return only && others.length === 0 ? only : entry;
  });
}

/** Breadcrumb title keys: the group's title (if any) then the route's. */
export function breadcrumbKeys(route: ConsoleRoute | undefined): string[] {
  if (!route) return [];
  return route.group ? [`route.${route.group}`, `route.${route.name}`] : [`route.${route.name}`];
}
