import { describe, expect, it } from 'vitest';
import { isPermissionKey } from './permissions.js';
import { ADMIN_ROUTES, canVisit, HOTEL_ROUTES } from './routes.js';

describe('console route table', () => {
  it('names a known permission key for every route', () => {
    for (const route of [...HOTEL_ROUTES, ...ADMIN_ROUTES]) {
      expect(isPermissionKey(route.perm), route.path).toBe(true);
    }
  });

  it('has unique paths within each route set', () => {
    for (const set of [HOTEL_ROUTES, ADMIN_ROUTES]) {
      const paths = set.map((route) => route.path);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  it('lets a visitor pass everywhere and checks keys for everyone else', () => {
    const airControl = HOTEL_ROUTES.find((route) => route.name === 'pm_aircontrl');
    expect(airControl).toBeDefined();
    if (!airControl) return;
    expect(canVisit(airControl, [])).toBe(true);
    expect(canVisit(airControl, ['*'])).toBe(true);
    expect(canVisit(airControl, ['pm_checkquanxian'])).toBe(true);
    expect(canVisit(airControl, ['pm_aircontrl'])).toBe(true);
    expect(canVisit(airControl, ['pm_dashboard'])).toBe(false);
  });
});
