import { describe, expect, it } from 'vitest';
import { accessOf, type Call } from './call.js';
import { CALLS } from './calls.js';
import { type Caller, mayCall, ROLE_PRESETS } from './permissions.js';

const admin: Caller = { isAdmin: true, perms: [] };
const visitor: Caller = { isAdmin: false, perms: [] };
const everything: Caller = { isAdmin: false, perms: ['*'] };
const roomsOnly: Caller = { isAdmin: false, perms: ['pm_roomdetail'] };

const read = (access: Call['access']) => ({ access, write: false });
const write = (access: Call['access']) => ({ access, write: true });

describe('mayCall: who may make a call', () => {
  it('lets anyone make public and session calls, visitors too, reading or writing', () => {
    for (const caller of [admin, visitor, everything, roomsOnly]) {
      for (const access of ['public', 'session'] as const) {
        expect(mayCall(caller, read(access))).toEqual({ allowed: true });
        expect(mayCall(caller, write(access))).toEqual({ allowed: true });
      }
    }
  });

  it('lets the Administrator make every call, whatever key it names', () => {
    expect(mayCall(admin, write('pm_roomdetail'))).toEqual({ allowed: true });
    expect(mayCall(admin, write('admin'))).toEqual({ allowed: true });
    expect(mayCall(admin, write('staff'))).toEqual({ allowed: true });
  });

  it('keeps admin-only calls to the Administrator, even for a holder of *', () => {
    expect(mayCall(everything, read('admin'))).toEqual({ allowed: false, reason: 'admin' });
    expect(mayCall(visitor, read('admin'))).toEqual({ allowed: false, reason: 'admin' });
  });

  it('lets a visitor read but not write, on staff and keyed calls', () => {
    expect(mayCall(visitor, read('pm_roomdetail'))).toEqual({ allowed: true });
    expect(mayCall(visitor, write('pm_roomdetail'))).toEqual({ allowed: false, reason: 'visitor' });
    expect(mayCall(visitor, read('staff'))).toEqual({ allowed: true });
    expect(mayCall(visitor, write('staff'))).toEqual({ allowed: false, reason: 'visitor' });
  });

  it('lets any member of staff with keys make staff calls (confirming an alert)', () => {
    expect(mayCall(roomsOnly, write('staff'))).toEqual({ allowed: true });
  });

  it('needs the key (or *) for a keyed call, and names the missing key', () => {
    expect(mayCall(roomsOnly, write('pm_roomdetail'))).toEqual({ allowed: true });
    expect(mayCall(everything, write('pm_aircontrl'))).toEqual({ allowed: true });
    expect(mayCall(roomsOnly, read('pm_aircontrl'))).toEqual({
      allowed: false,
      reason: 'forbidden',
      key: 'pm_aircontrl',
    });
  });

  it('gives the console the access of every call of the table by domain.name, without schemas', () => {
    const access = accessOf(CALLS);
    expect(access['rooms.update']).toEqual({ access: 'pm_roomdetail', write: true });
    expect(access['alerts.confirm']).toEqual({ access: 'staff', write: true });
    const count = Object.values(CALLS).reduce((sum, group) => sum + Object.keys(group.calls).length, 0);
    expect(Object.keys(access)).toHaveLength(count);
    expect(JSON.stringify(access)).not.toMatch(/"(type|properties|summary|path)"/);
  });

  it('presets roles by the names of SPEC.md section 6', () => {
    expect(Object.keys(ROLE_PRESETS).sort()).toEqual(['guest', 'manager', 'nobody', 'waiter', 'worker']);
  });
});
