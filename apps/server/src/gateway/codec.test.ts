import { parseTopic } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { decodeUp, encodeCommand, parseTopicOnce, plausibleTime } from './codec.js';

const bytes = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));

describe('decodeUp', () => {
  it('decodes each kind into a typed message', () => {
    expect(decodeUp('rcu/R1/up/status', bytes({ online: true }))).toEqual({
      ok: true,
      message: { rcuId: 'R1', kind: 'status', payload: { online: true } },
    });
    const event = decodeUp('rcu/R1/up/event', bytes({ id: 'e-1', ts: 5, type: 'sos', detail: 'bath' }));
    expect(event.ok && event.message.kind === 'event' && event.message.payload.type).toBe('sos');
    const ack = decodeUp('rcu/R1/up/ack', bytes({ id: 'c-1', ok: false, error: 'busy', result: null }));
    expect(ack.ok).toBe(true);
  });

  it('drops the unknown fields of devices, keeps the protocol ones', () => {
    const decoded = decodeUp(
      'rcu/R1/up/state',
      bytes({ card: true, extra: 1, devices: { AC1: { on: true, set: 22, vendor: 'x' } } }),
    );
    expect(decoded.ok && decoded.message.payload).toEqual({
      card: true,
      extra: 1,
      devices: { AC1: { on: true, set: 22 } },
    });
  });

  it.each([
    ['a foreign topic', 'home/R1/up/state', bytes({}), 'topic', null],
    ['a down topic', 'rcu/R1/down/cmd', bytes({}), 'topic', null],
    ['not JSON', 'rcu/R1/up/state', bytes('{"card":'), 'json', 'R1'],
    ['binary', 'rcu/R1/up/state', Buffer.from([0xff, 0x00, 0x13]), 'json', 'R1'],
    ['a JSON array', 'rcu/R1/up/state', bytes([1, 2]), 'schema', 'R1'],
    ['a wrong type', 'rcu/R1/up/status', bytes({ online: 'yes' }), 'schema', 'R1'],
    ['an unknown event type', 'rcu/R1/up/event', bytes({ id: 'e', ts: 1, type: 'party' }), 'schema', 'R1'],
    ['a setpoint out of range', 'rcu/R1/up/state', bytes({ devices: { AC1: { set: 99 } } }), 'schema', 'R1'],
    ['a huge payload', 'rcu/R1/up/hello', bytes({ fw: 'x'.repeat(70_000) }), 'schema', 'R1'],
  ])('refuses %s', (_, topic, payload, reason, rcuId) => {
    expect(decodeUp(topic, payload)).toEqual({ ok: false, reason, rcuId });
  });
});

describe('encodeCommand', () => {
  it('builds the down topic and the JSON of the protocol', () => {
    const { topic, payload } = encodeCommand('R1', 'c-1', 10, 'set', { devices: { AC1: { set: 22 } } });
    expect(topic).toBe('rcu/R1/down/cmd');
    expect(JSON.parse(payload.toString())).toEqual({ id: 'c-1', ts: 10, op: 'set', devices: { AC1: { set: 22 } } });
  });

  it('refuses a command outside the protocol', () => {
    expect(() => encodeCommand('R1', 'c-1', 10, 'set', { devices: { AC1: { set: 99 } } })).toThrow(/protocol/);
    expect(() => encodeCommand('R1', 'c-1', 10, 'rent', { rent: 'nope' as 'empty' })).toThrow(/protocol/);
  });
});

describe('parseTopicOnce', () => {
  it('answers what parseTopic answers, whatever came before', () => {
    const topics = [
      'rcu/R1/up/state',
      'rcu/R1/up/state',
      'rcu/R2/up/state',
      'rcu/R1/down/cmd',
      'nope',
      'nope',
      'rcu/R1/up/x',
    ];
    for (const topic of topics) expect(parseTopicOnce(topic)).toEqual(parseTopic(topic));
  });
});

describe('plausibleTime', () => {
  const received = new Date('2026-11-23T12:00:00Z');
  it('believes a millisecond time from 2020 to a day ahead of the receive time', () => {
    for (const ts of [Date.UTC(2020, 0, 1), received.getTime() - 1, received.getTime() + 86_400_000]) {
      expect(plausibleTime(ts, received)).toBe(ts);
    }
  });

  it.each([
    ['1e20', 1e20],
    ['seconds', 1_763_700_000],
    ['before 2020', Date.UTC(2019, 11, 31, 23, 59)],
    ['more than a day ahead', Date.UTC(2026, 10, 24, 12, 0, 0, 1)],
    ['missing', undefined],
    ['a string', '1763700000000'],
    ['NaN', Number.NaN],
    ['null', null],
  ])('does not believe %s', (_, ts) => {
    expect(plausibleTime(ts, received)).toBeNull();
  });
});

describe('decodeUp of events', () => {
  it('lets any ts through, to be judged against the receive time', () => {
    for (const ts of [1e20, 'now', null, undefined]) {
      const decoded = decodeUp('rcu/R1/up/event', bytes({ id: 'e-1', ts, type: 'door_open' }));
      expect(decoded).toMatchObject({
        ok: true,
        message: { kind: 'event', payload: { id: 'e-1', type: 'door_open' } },
      });
    }
    expect(decodeUp('rcu/R1/up/state', bytes({ ts: 'now', dnd: true }))).toMatchObject({ ok: true });
  });

  it.each([
    ['bad JSON cut short', '{"id":"e-9","ts":17637,"type":"sos","detail":"ba', { id: 'e-9', ts: 17637 }],
    ['a number id and an upper-case type', '{"id":42,"type":"SOS","ts":"x"}', { id: '42', ts: 'x' }],
    ['an object detail', '{"id":"e-d","type":"sos","detail":{"a":1}}', { id: 'e-d', detail: '{"a":1}' }],
    ['an id too long', `{"id":"${'i'.repeat(80)}","type":"sos"}`, { id: expect.stringMatching(/^x-[0-9a-f]{32}$/) }],
    ['no id', '{"type":"sos","ts":1}', { id: expect.stringMatching(/^x-[0-9a-f]{32}$/), ts: 1 }],
  ])('salvages an SOS with %s, keeping its text', (_, text, expected) => {
    const decoded = decodeUp('rcu/R1/up/event', bytes(text));
    expect(decoded).toEqual({
      ok: true,
      message: {
        rcuId: 'R1',
        kind: 'event',
        payload: expect.objectContaining({ type: 'sos', raw: text, ...expected }),
      },
    });
  });

  it('makes the same id from the same message (repeats are stored once)', () => {
    const once = decodeUp('rcu/R1/up/event', bytes('{"type":"sos"}'));
    const again = decodeUp('rcu/R1/up/event', bytes('{"type":"sos"}'));
    expect(once.ok && again.ok && once.message.payload).toEqual(again.ok && again.message.payload);
  });

  it('salvages an SOS from a payload over the size limit', () => {
    const text = `{"id":"e-big","type":"sos","detail":"${'x'.repeat(70_000)}"}`;
    const decoded = decodeUp('rcu/R1/up/event', bytes(text));
    expect(decoded).toMatchObject({ ok: true, message: { payload: { id: 'e-big', type: 'sos' } } });
  });
});
