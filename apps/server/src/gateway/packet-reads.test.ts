import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { readInPlace, readPacketsInPlace } from './packet-reads.js';

/** `require` as the embedded broker's packet parser has it. */
const fromMqttPacket = createRequire(
  createRequire(createRequire(import.meta.url).resolve('aedes')).resolve('mqtt-packet'),
);
const mqttPacket = fromMqttPacket('mqtt-packet');
/** bl's BufferList, as these tests use it. */
interface BufferListReads {
  readUInt8(offset?: number): number;
  readUInt16BE(offset?: number): number;
  toString(encoding?: BufferEncoding, start?: number, end?: number): string;
}
const { BufferList } = fromMqttPacket('bl') as { BufferList: new (buffers?: Buffer[]) => BufferListReads };

/** bl's own list, and one with the in-place reads over it. */
class InPlace extends BufferList {}
readInPlace(InPlace.prototype);

/** What a call answers, or the name of what it throws. */
function outcome(call: () => unknown): unknown {
  try {
    return call();
  } catch (error) {
    return (error as Error).name;
  }
}

/** Every way to cut `bytes` in two and in three, and the bytes whole. */
function cuts(bytes: Buffer): Buffer[][] {
  const lists: Buffer[][] = [[bytes]];
  for (let i = 0; i <= bytes.length; i++) {
    lists.push([bytes.subarray(0, i), bytes.subarray(i)]);
    for (let j = i; j <= bytes.length; j += 3)
      lists.push([bytes.subarray(0, i), bytes.subarray(i, j), bytes.subarray(j)]);
  }
  return lists;
}

const PACKETS = [
  { cmd: 'publish', topic: 'rcu/R-0201/up/state', payload: '{"devices":{"AC1":{"temp":21.5}},"ts":1}', qos: 0 },
  { cmd: 'pingreq' },
  { cmd: 'publish', topic: 'rcu/客房/up/event', payload: '{"id":"e1","type":"sos"}', qos: 1, messageId: 7 },
  { cmd: 'subscribe', messageId: 8, subscriptions: [{ topic: 'rcu/R-0201/down/#', qos: 1 }] },
  { cmd: 'publish', topic: 'rcu/R-0201/up/state', payload: Buffer.alloc(300, 0x7b), qos: 0 },
];

/** The packets a parser gives for a stream fed in these chunks, as comparable text. */
function parsed(chunks: Buffer[]): string[] {
  const parser = mqttPacket.parser({ protocolVersion: 4 });
  const seen: string[] = [];
  parser.on('packet', (packet: Record<string, unknown>) =>
    seen.push(JSON.stringify({ ...packet, payload: String(packet.payload) })),
  );
  parser.on('error', (error: Error) => seen.push(`error: ${error.message}`));
  for (const chunk of chunks) parser.parse(chunk);
  return seen;
}

const stream = Buffer.concat(PACKETS.map((packet) => mqttPacket.generate(packet)));
// Taken before any test changes the parser's list.
const expected = parsed([stream]);

describe('MQTT packets read in place', () => {
  it("answers as bl's own reads at every offset of a list cut every way", () => {
    const bytes = Buffer.from('\x30\x82\x01\x00\x13rcu/客房/up/\xff\x00', 'latin1');
    for (const buffers of cuts(bytes)) {
      const own = new BufferList(buffers);
      const inPlace = new InPlace(buffers);
      for (let offset = -1; offset <= bytes.length + 1; offset++) {
        expect(outcome(() => inPlace.readUInt8(offset))).toEqual(outcome(() => own.readUInt8(offset)));
        expect(outcome(() => inPlace.readUInt16BE(offset))).toEqual(outcome(() => own.readUInt16BE(offset)));
        for (let end = offset; end <= bytes.length + 1; end++) {
          expect(inPlace.toString('utf8', offset, end)).toBe(own.toString('utf8', offset, end));
        }
      }
      expect(inPlace.readUInt8()).toBe(own.readUInt8());
      expect(inPlace.toString('latin1')).toBe(own.toString('latin1'));
      expect(inPlace.toString()).toBe(own.toString());
    }
  });

  it("reads the stream of the server's MQTT parser the same, however the socket cuts it", () => {
    expect(expected).toHaveLength(PACKETS.length);
    readPacketsInPlace();
    const parser = mqttPacket.parser({ protocolVersion: 4 });
    expect(Object.getPrototypeOf(parser._list)[Symbol.for('roompilot.packet-reads.in-place')]).toBe(true);
    for (const chunks of cuts(stream)) expect(parsed(chunks)).toEqual(expected);
  });

  it('changes each list once', () => {
    const proto = Object.getPrototypeOf(mqttPacket.parser()._list);
    readPacketsInPlace();
    const read = proto.readUInt8;
    readPacketsInPlace();
    expect(proto.readUInt8).toBe(read);
  });
});
