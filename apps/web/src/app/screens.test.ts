import { ADMIN_ROUTES, HOTEL_ROUTES } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { hasScreen } from './screens';

describe('screens', () => {
  it('has a screen for every route of the contract', () => {
    const missing = [...HOTEL_ROUTES, ...ADMIN_ROUTES]
      .filter((route) => !hasScreen(route.name))
      .map((route) => route.name);
    expect(missing).toEqual([]);
  });
});
