import { describe, expect, it } from 'vitest';
import { redactUrl, splitLogin, urlHost } from './secrets.js';

describe('redactUrl', () => {
  it.each([
    ['mqtt://roompilot:MqServer%232026@127.0.0.1:11484', 'mqtt://roompilot:***@127.0.0.1:11484'],
    ['redis://:S3cretRedisPw@127.0.0.1:1', 'redis://:***@127.0.0.1:1'],
    [
      'postgres://rp:S3cretPgPw@db.internal:5432/rp?sslmode=require',
      'postgres://rp:***@db.internal:5432/rp?sslmode=require',
    ],
    ['wss://roompilot:pw@broker.example/mqtt', 'wss://roompilot:***@broker.example/mqtt'],
    // Passwords that do not parse: the login still ends at the last `@`.
    ['mqtt://roompilot:MqServer#2026@127.0.0.1:11484', 'mqtt://roompilot:***@127.0.0.1:11484'],
    ['postgres://rp:pa/ss?w@rd@h:5432/rp', 'postgres://rp:***@h:5432/rp'],
    ['postgres://rp:pw@/rp?host=/run/postgresql', 'postgres://rp:***@/rp?host=/run/postgresql'],
    // libpq's password parameter.
    [
      'postgres://db/rp?user=rp&password=S3cret&sslmode=require',
      'postgres://db/rp?user=rp&password=***&sslmode=require',
    ],
    // A login cut in the wrong place: nothing of it is shown.
    ['mqtt://roompilot#pw:x@broker:1883', 'mqtt://***@broker:1883'],
    // The `@` and host forgotten: what would be the port, and a fragment, may be the password.
    ['mqtt://roompilot:MqServer', 'mqtt://roompilot:***'],
    ['mqtt://roompilot:1234#rest', 'mqtt://roompilot:1234#***'],
  ])('masks %s', (url, shown) => {
    expect(redactUrl(url)).toBe(shown);
  });

  it.each([
    'mqtt://127.0.0.1:1883',
    'redis://cache:6379/2',
    'mqtt://roompilot@broker:1883',
    'redis://[::1]:6379',
    'postgres://rp:@db/rp',
  ])('leaves %s as it is (no password)', (url) => {
    expect(redactUrl(url)).toBe(url);
  });
});

describe('splitLogin', () => {
  it('takes the login out of the URL, decoded', () => {
    expect(splitLogin('mqtt://roompilot:pa%3Ass%23w%40rd%25@broker:1883')).toEqual({
      url: 'mqtt://broker:1883',
      username: 'roompilot',
      password: 'pa:ss#w@rd%',
    });
    expect(splitLogin('postgres://rp:pw@/rp?host=/run/postgresql')).toEqual({
      url: 'postgres:///rp?host=/run/postgresql',
      username: 'rp',
      password: 'pw',
    });
    expect(splitLogin('redis://:pw@cache:6379')).toEqual({ url: 'redis://cache:6379', username: null, password: 'pw' });
    expect(splitLogin('postgres://rp@db/rp')).toEqual({ url: 'postgres://db/rp', username: 'rp', password: null });
    expect(splitLogin('mqtt://broker:1883')).toEqual({ url: 'mqtt://broker:1883', username: null, password: null });
  });
});

describe('urlHost', () => {
  it('answers host and port alone, never the login', () => {
    expect(urlHost('postgres://rp:s3cret@db.example:5432/rp')).toBe('db.example:5432');
    expect(urlHost('postgres://rp:s3cret@/rp?host=/run/postgresql')).not.toContain('s3cret');
    expect(urlHost('postgres://rp:pass#word@db/rp')).not.toContain('pass');
  });
});
