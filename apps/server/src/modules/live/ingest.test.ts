import { describe, expect, it } from 'vitest';
import type { Gateway, GatewayEvents } from '../../gateway/gateway.js';
import { connectGateway, type IngestTargets } from './ingest.js';

// The order of an SOS's steps, with the modules stubbed: only the wiring is under test here (the
// API and gateway tests drive the real ones).

const device = {
  room_id: 1,
  hotel_id: 1,
  building_id: null,
  room_num: '101',
  floor_num: 1,
  rcu_id: 'R1',
  device_key: 'k',
};

function wired(ack: () => Promise<void>) {
  const handlers = new Map<string, (event: never) => Promise<void> | void>();
  const gateway = {
    on: (name: string, handler: (event: never) => Promise<void> | void) => {
      handlers.set(name, handler);
      return () => handlers.delete(name);
    },
  } as unknown as Gateway;
  const steps: string[] = [];
  const targets = {
    live: { applyEvent: async () => null, store: {} },
    control: { attach: () => () => {}, acknowledgeEvent: ack },
    alerts: {
      recordEvent: async () => {
        steps.push('stored');
        return { id: 7 };
      },
      announce: async () => {
        steps.push('announced');
      },
      roomChanged: async () => 0,
      mayCloseOn: () => false,
    },
    modes: { roomEvent: () => steps.push('modes') },
    airPolicy: { follow: () => {} },
  } as unknown as IngestTargets;
  connectGateway(gateway, targets);
  const event: GatewayEvents['event'] = {
    device,
    event: { id: 'e1', type: 'sos', ts: Date.now() },
    at: new Date(),
    sent: { ts: Date.now(), raw: null },
  };
  return { steps, raise: () => (handlers.get('event') as (e: typeof event) => Promise<void>)(event) };
}

describe('an SOS from the gateway', () => {
  it('is announced without waiting for its ack (which may queue in the broker behind a flood)', async () => {
    let release: () => void = () => {};
    const { steps, raise } = wired(
      () =>
        new Promise<void>((resolve) => {
          release = resolve;
        }),
    );
    const done = raise();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(steps).toEqual(['stored', 'announced']);
    release();
    await done;
    expect(steps).toEqual(['stored', 'announced', 'modes']);
  });

  it('is announced, and its room flags set, when the ack fails; the failure is still reported', async () => {
    const { steps, raise } = wired(async () => {
      throw new Error('the RCU is gone');
    });
    await expect(raise()).rejects.toThrow('the RCU is gone');
    expect(steps).toEqual(['stored', 'announced', 'modes']);
  });
});
