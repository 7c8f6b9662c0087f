import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import {
  CommandPayload,
  deviceKindOf,
  downTopic,
  EventPayload,
  isRcuId,
  parseTopic,
  StatePayload,
  upTopic,
} from './protocol.js';

describe('topics', () => {
  it('builds and parses every kind', () => {
    expect(upTopic('R0101', 'state')).toBe('rcu/R0101/up/state');
    expect(downTopic('R0101')).toBe('rcu/R0101/down/cmd');
    expect(parseTopic('rcu/R0101/up/event')).toEqual({ rcuId: 'R0101', direction: 'up', kind: 'event' });
    expect(parseTopic('rcu/R0101/down/cmd')).toEqual({ rcuId: 'R0101', direction: 'down', kind: 'cmd' });
  });

  it('refuses anything else', () => {
    for (const topic of [
      'rcu/R1/up/nope',
      'rcu/R1/down/state',
      'rcu/R-1/up/state',
      'rcu/R1/up/state/x',
      'x/R1/up/state',
      'rcu//up/state',
      'rcu/+/up/state',
      'rcu/#',
    ]) {
      expect(parseTopic(topic), topic).toBeNull();
    }
    expect(isRcuId('abc123')).toBe(true);
    expect(isRcuId('a/b')).toBe(false);
  });

  it('reads device kinds from key prefixes, longest first', () => {
    expect(deviceKindOf('AC1')).toBe('ac');
    expect(deviceKindOf('C2')).toBe('curtain');
    expect(deviceKindOf('FH1')).toBe('floor_heating');
    expect(deviceKindOf('IR12')).toBe('ir');
    expect(deviceKindOf('X1')).toBeNull();
    expect(deviceKindOf('AC')).toBeNull();
    expect(deviceKindOf('L100')).toBeNull();
  });
});

describe('payloads', () => {
  const state = Compile(StatePayload);
  const command = Compile(CommandPayload);
  const event = Compile(EventPayload);

  it('accepts the protocol sheet example state', () => {
    expect(
      state.Check({
        ts: 1763700000000,
        rent: 'checked_in',
        card: true,
        door: false,
        window: false,
        occupied: true,
        dnd: false,
        mur: false,
        sos: false,
        devices: {
          L1: { on: true },
          D1: { on: true, level: 60 },
          C1: { pos: 100 },
          AC1: { on: true, mode: 'cool', set: 24, temp: 26.5, fan: 'auto' },
          FH1: { on: false, set: 26, temp: 22.0 },
          V1: { on: true, speed: 'low' },
        },
        energy: { kwh: 1234.567, w: 850 },
        future_field: 'ignored',
      }),
    ).toBe(true);
  });

  it('refuses bad values', () => {
    expect(state.Check({ rent: 'occupied' })).toBe(false);
    expect(state.Check({ devices: { XX1: { on: true } } })).toBe(false);
    expect(state.Check({ devices: { AC1: { set: 22.3 } } })).toBe(false);
    expect(state.Check({ devices: { AC1: { set: 40 } } })).toBe(false);
    expect(state.Check({ card: 'yes' })).toBe(false);
    expect(event.Check({ id: 'e-1', ts: 1, type: 'sos' })).toBe(true);
    expect(event.Check({ id: 'e-1', ts: 1, type: 'party' })).toBe(false);
  });

  it('checks each command op', () => {
    expect(command.Check({ id: 'c-1', ts: 1, op: 'set', devices: { L1: { on: false } } })).toBe(true);
    expect(command.Check({ id: 'c-1', ts: 1, op: 'rent', rent: 'checkout' })).toBe(true);
    expect(command.Check({ id: 'c-1', ts: 1, op: 'ack', event: 'e-1' })).toBe(true);
    expect(command.Check({ id: 'c-1', ts: 1, op: 'reboot' })).toBe(true);
    expect(command.Check({ id: 'c-1', ts: 1, op: 'launch' })).toBe(false);
    expect(command.Check({ id: 'c-1', ts: 1, op: 'rent' })).toBe(false);
  });
});
