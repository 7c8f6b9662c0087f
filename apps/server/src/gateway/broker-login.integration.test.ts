import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/databases.js';
import { type OwnMosquitto, startOwnMosquitto } from '../test-support/own-mosquitto.js';
import { startDynsecSync } from './dynsec.js';
import { joinExternalBroker } from './transport.js';

// The servers' MQTT_URL login against a real Mosquitto: a password holding reserved characters,
// percent-encoded as docs/operations.md says, logs in (mqtt.js split the login at the password's
// last `:`, even an encoded one, and logged in as `roompilot:Mq`); what the server prints of the URL
// (the startup summary's RCUs, a refusal) has the password masked.

const PASSWORD = 'Mq:Server#2026/@?%x';
const STRANGER = { user: 'stranger', password: 'Str@nger:S3cret#' };

describe("the servers' login to an outside broker", () => {
  let broker: OwnMosquitto;
  let address: string;
  let t: TestApp;

  beforeAll(async () => {
    broker = await startOwnMosquitto({ password: PASSWORD, roleless: [STRANGER] });
    address = new URL(broker.address).host;
    t = await createTestApp('sqlite');
  });

  afterAll(async () => {
    await t?.close();
    await broker?.remove();
  });

  const join = (url: string) =>
    joinExternalBroker({
      url,
      group: 'roompilot',
      clientId: `roompilot-${randomBytes(4).toString('hex')}`,
      onMessage: () => {},
    });

  it('logs in with a password holding reserved characters, and shows where without it', async () => {
    expect(broker.url).toContain('Mq%3AServer%232026%2F%40%3F%25x');
    const transport = await join(broker.url);
    try {
      expect(transport.up()).toBe(true);
      expect(transport.where).toBe(`mqtt://roompilot:***@${address}`);
    } finally {
      await transport.close();
    }
    // The device sync's own connection: it subscribes to the plugin's answers as the servers' login.
    const sync = await startDynsecSync({ url: broker.url, db: t.db, keys: t.app.deviceKeys });
    try {
      expect(sync.up()).toBe(true);
    } finally {
      await sync.close();
    }
  });

  it('names a broker that refuses the subscriptions without the password', async () => {
    const url = `mqtt://${STRANGER.user}:${encodeURIComponent(STRANGER.password)}@${address}`;
    const joining = join(url);
    await expect(joining).rejects.toThrow(
      new RegExp(`^MQTT broker mqtt://stranger:\\*\\*\\*@${address} refused the subscriptions \\$share/roompilot/rcu/`),
    );
    await expect(joining).rejects.not.toThrow(/S3cret/);
  });
});
