import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The module is plain JavaScript (run by `npm start` and `npm run dev` before any build).
const processes: string = join(import.meta.dirname, 'lib', 'processes.mjs');
const { demoSimulator } = (await import(processes)) as {
  demoSimulator: (env: Record<string, string>, root: string) => { args?: string[]; reason?: string };
};

describe("the demo simulator's command line", () => {
  it("gives the broker's address without the servers' login", () => {
    const sim = demoSimulator(
      { MQTT_URL: 'mqtt://roompilot:MqServer%232026@127.0.0.1:11484', ADMIN_PASSWORD: 'admin-pass' },
      '/srv/rp',
    );
    expect(sim.args?.[sim.args.indexOf('--url') + 1]).toBe('mqtt://127.0.0.1:11484');
    expect(sim.args?.join(' ')).not.toMatch(/MqServer|admin-pass/);
    expect(demoSimulator({ MQTT_PORT: '11490' }, '/srv/rp').args).toContain('mqtt://127.0.0.1:11490');
  });
});
