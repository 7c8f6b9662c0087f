import { parseTopic } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { decodeUp, encodeCommand, parseTopicOnce } from './codec.js';

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
