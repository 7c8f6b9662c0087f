import { setImmediate as nextTurn } from 'node:timers/promises';
import type mqtt from 'mqtt';
import { describe, expect, it } from 'vitest';
import { paceReading } from './transport.js';

/** A client whose socket only records whether it is paused. */
function fakeClient() {
  const stream = {
    paused: false,
    pause() {
      this.paused = true;
    },
    resume() {
      this.paused = false;
    },
  };
  return { client: { stream } as unknown as mqtt.MqttClient, stream };
}

describe('the telemetry connection, read at most a budget a turn', () => {
  it('pauses its socket once a turn has taken the budget, and reads again at the next turn', async () => {
    const { client, stream } = fakeClient();
    const took = paceReading(client, 100);
    took(60);
    expect(stream.paused).toBe(false);
    took(60);
    expect(stream.paused).toBe(true);
    await nextTurn();
    expect(stream.paused).toBe(false);
    // A new turn starts from nothing taken.
    took(60);
    expect(stream.paused).toBe(false);
    await nextTurn();
    took(99);
    expect(stream.paused).toBe(false);
  });

  it('never leaves its socket paused when the turn ends', async () => {
    const { client, stream } = fakeClient();
    const took = paceReading(client, 10);
    for (let i = 0; i < 5; i++) took(50);
    expect(stream.paused).toBe(true);
    await nextTurn();
    expect(stream.paused).toBe(false);
  });
});
