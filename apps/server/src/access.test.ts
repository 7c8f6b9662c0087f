import { CALLS, type Call, type Caller, mayCall, ROLE_PRESETS } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { type Actor, authorize } from './access.js';
import { AppError } from './errors.js';

const CALLERS: Record<string, Caller> = {
  admin: { isAdmin: true, perms: [] },
  manager: { isAdmin: false, perms: ROLE_PRESETS.manager },
  waiter: { isAdmin: false, perms: ROLE_PRESETS.waiter },
  guest: { isAdmin: false, perms: ROLE_PRESETS.guest },
  worker: { isAdmin: false, perms: ROLE_PRESETS.worker },
  visitor: { isAdmin: false, perms: [] },
  wildcard: { isAdmin: false, perms: ['*'] },
};

function actor({ isAdmin, perms }: Caller): Actor {
  return {
    userId: 1,
    userName: 'u',
    hotelId: isAdmin ? null : 1,
    isAdmin,
    roles: [],
    perms: [...perms],
    tokenHash: '',
    ip: '',
  };
}

/** What the server answers: allowed, or the message of its 4403. */
function answer(caller: Caller, call: Call): string {
  try {
    authorize(actor(caller), call);
    return 'allowed';
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 4403) throw error;
    return error.messageKey;
  }
}

const MESSAGE = { visitor: 'error.visitorReadOnly', forbidden: 'error.forbidden', admin: 'error.adminOnly' } as const;

describe('authorize', () => {
  it("answers every call of the table for every kind of user as the contract's mayCall says", () => {
    let checked = 0;
    for (const [who, caller] of Object.entries(CALLERS)) {
      for (const [domain, group] of Object.entries(CALLS)) {
        for (const [name, call] of Object.entries(group.calls) as [string, Call][]) {
          const verdict = mayCall(caller, call);
          const expected = verdict.allowed ? 'allowed' : MESSAGE[verdict.reason];
          expect(answer(caller, call), `${who} ${domain}.${name}`).toBe(expected);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(7 * 40);
  });

  it('keeps its error messages: visitor read-only, forbidden, admin only', () => {
    expect(answer(CALLERS.visitor as Caller, CALLS.rooms.calls.update)).toBe('error.visitorReadOnly');
    expect(answer(CALLERS.visitor as Caller, CALLS.alerts.calls.confirm)).toBe('error.visitorReadOnly');
    expect(answer(CALLERS.guest as Caller, CALLS.rooms.calls.update)).toBe('error.forbidden');
    expect(answer(CALLERS.manager as Caller, CALLS.hotels.calls.list)).toBe('error.adminOnly');
    expect(answer(CALLERS.visitor as Caller, CALLS.rooms.calls.list)).toBe('allowed');
    expect(answer(CALLERS.guest as Caller, CALLS.alerts.calls.confirm)).toBe('allowed');
  });
});
