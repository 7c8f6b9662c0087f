import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { silenceDebug } from './debug-off.js';

/** `require` as the embedded broker's packet parser has it. */
const fromMqttPacket = createRequire(
  createRequire(createRequire(import.meta.url).resolve('aedes')).resolve('mqtt-packet'),
);

describe('the debug module, off', () => {
  it("gives the embedded broker's parser loggers that are off and take anything", () => {
    const debug = fromMqttPacket('debug');
    const logger = debug('mqtt-packet:parser');
    // A plain value, not the real module's getter, and a call that gathers no arguments.
    expect(Object.getOwnPropertyDescriptor(logger, 'enabled')).toMatchObject({ value: false });
    expect(logger('%o', { a: 1 }, 2)).toBeUndefined();
    expect(logger.extend('more').namespace).toBe('mqtt-packet:parser:more');
    expect(debug.default).toBe(debug);
    expect(debug.enabled('mqtt-packet:parser')).toBe(false);
  });

  it('leaves the packet parser working', () => {
    const mqttPacket = fromMqttPacket('mqtt-packet');
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    const packets: { topic: string; payload: Buffer }[] = [];
    parser.on('packet', (packet: { topic: string; payload: Buffer }) => packets.push(packet));
    const publish = { cmd: 'publish', topic: 'rcu/R1/up/state', payload: '{"door":true}', qos: 0, retain: false };
    parser.parse(Buffer.concat([mqttPacket.generate(publish), mqttPacket.generate(publish)]));
    expect(packets.map((packet) => [packet.topic, packet.payload.toString()])).toEqual([
      ['rcu/R1/up/state', '{"door":true}'],
      ['rcu/R1/up/state', '{"door":true}'],
    ]);
  });

  it('stands in for the copy each library loads, and for none when DEBUG is set', () => {
    const file = fromMqttPacket.resolve('debug');
    expect(silenceDebug({})).toContain(file);
    expect(silenceDebug({ DEBUG: 'mqtt-packet:*' })).toEqual([]);
  });
});
