import { describe, expect, it } from 'vitest';
import { authenticateDevice, type DeviceCredentials, mayPublish, maySubscribe, sameSecret } from './policy.js';

const KEY = 'k3y-Of-R0101_base64url';
const find = async (rcuId: string): Promise<DeviceCredentials | null> =>
  rcuId === 'R0101' ? { rcuId, deviceKey: KEY } : null;
const attempt = (clientId: string, username: string | undefined, password: string | undefined) => ({
  clientId,
  username,
  password: password === undefined ? undefined : Buffer.from(password),
});

describe('authenticateDevice', () => {
  it('lets in a known RCU with its key', async () => {
    expect(await authenticateDevice(find, attempt('R0101', 'R0101', KEY))).toEqual({ ok: true, rcuId: 'R0101' });
  });

  it.each([
    ['an unknown id', attempt('R9999', 'R9999', KEY)],
    ['a wrong key', attempt('R0101', 'R0101', `${KEY}x`)],
    ['an empty key', attempt('R0101', 'R0101', '')],
    ['no password', attempt('R0101', 'R0101', undefined)],
    ['no user name', attempt('R0101', undefined, KEY)],
    ['a client id other than the user name', attempt('other', 'R0101', KEY)],
    ['a user name that is not an rcu_id', attempt('R/0101', 'R/0101', KEY)],
  ])('refuses %s as bad credentials', async (_, given) => {
    expect(await authenticateDevice(find, given)).toEqual({ ok: false, reason: 'bad_credentials' });
  });

  it('compares keys of any length without throwing', () => {
    expect(sameSecret(Buffer.from('a'), 'a much longer key')).toBe(false);
    expect(sameSecret(Buffer.from(KEY), KEY)).toBe(true);
  });
});

describe('mayPublish', () => {
  it('allows every up topic of its own', () => {
    for (const kind of ['status', 'hello', 'state', 'event', 'ack', 'upgrade']) {
      expect(mayPublish('R0101', `rcu/R0101/up/${kind}`)).toBe(true);
    }
  });

  it.each([
    'rcu/R0102/up/state',
    'rcu/R0101/down/cmd',
    'rcu/R0102/down/cmd',
    'rcu/R0101/up/unknown',
    'rcu/R0101/up/state/extra',
    'rcu/R0101',
    '$SYS/broker',
    'anything/else',
  ])('refuses %s', (topic) => {
    expect(mayPublish('R0101', topic)).toBe(false);
  });
});

describe('maySubscribe', () => {
  it.each(['rcu/R0101/down/cmd', 'rcu/R0101/down/#', 'rcu/R0101/down/+'])('allows %s', (filter) => {
    expect(maySubscribe('R0101', filter)).toBe(true);
  });

  it.each([
    'rcu/R0102/down/cmd',
    'rcu/+/down/cmd',
    'rcu/#',
    '#',
    'rcu/R0101/#',
    'rcu/R0101/up/state',
    'rcu/R0101/down/',
    '$share/g/rcu/R0101/down/cmd',
    'rcu/R01/down/cmd',
  ])('refuses %s', (filter) => {
    expect(maySubscribe('R0101', filter)).toBe(false);
  });
});
