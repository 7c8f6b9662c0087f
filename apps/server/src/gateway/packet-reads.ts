import { requireThrough } from '../require-through.js';

/**
 * MQTT packets read in place. mqtt-packet (the embedded broker's parser, and the outside broker
 * client's) reads each packet's first byte, its length, its topic's length and its topic through
 * its buffer list (the `bl` package), whose `readUInt8`, `readUInt16BE` and `toString` each first
 * cut a new Buffer out of the list: four or five Buffers per packet, thrown away at once. Under a
 * flood of state messages that was a sixth of all the server allocated, with its share of garbage
 * collection (bench/ingest.mjs; docs/benchmarks.md).
 *
 * `readInPlace` gives those three methods a first path that reads the list's first buffer where
 * it holds the bytes asked for (nearly always: one socket read carries whole packets); anywhere
 * else, bl's own method runs. The answers are the same (`packet-reads.test.ts` compares them at
 * every offset of lists cut every way, and whole packet streams cut every way).
 */

/** What of bl's BufferList these methods use: its buffers, the first one at the list's offset 0. */
interface BufferList {
  _bufs: Buffer[];
}

interface ReadMethods {
  readUInt8(this: BufferList, offset?: number): number;
  readUInt16BE(this: BufferList, offset?: number): number;
  toString(this: BufferList, encoding?: BufferEncoding, start?: number, end?: number): string;
}

const IN_PLACE = Symbol.for('roompilot.packet-reads.in-place');

/** The packages whose mqtt-packet parses MQTT for the server, each as the chain it is reached by. */
const PARSERS = [
  ['aedes', 'mqtt-packet'],
  ['mqtt', 'mqtt-packet'],
];

/** Gives a BufferList prototype the in-place reads (once; again is a no-op). */
export function readInPlace(proto: ReadMethods & { [IN_PLACE]?: true }): void {
  if (proto[IN_PLACE]) return;
  const { readUInt8, readUInt16BE, toString: textOf } = proto;
  proto.readUInt8 = function (offset = 0) {
    const first = this._bufs[0];
    return first !== undefined && offset >= 0 && offset < first.length
      ? (first[offset] as number)
      : readUInt8.call(this, offset);
  };
  proto.readUInt16BE = function (offset = 0) {
    const first = this._bufs[0];
    return first !== undefined && offset >= 0 && offset + 2 <= first.length
      ? first.readUInt16BE(offset)
      : readUInt16BE.call(this, offset);
  };
  proto.toString = function (encoding, start, end) {
    const first = this._bufs[0];
    return first !== undefined &&
      typeof start === 'number' &&
      typeof end === 'number' &&
      start >= 0 &&
      start <= end &&
      end <= first.length
      ? first.toString(encoding, start, end)
      : textOf.call(this, encoding, start, end);
  };
  proto[IN_PLACE] = true;
}

/** The buffer-list prototypes the server's MQTT parsers use (each copy of bl once). */
export function parserBufferLists(): ReadMethods[] {
  const found = new Set<ReadMethods>();
  for (const chain of PARSERS) {
    // mqtt-packet's list is `bl()`, a BufferListStream: bl copied BufferList's methods onto it.
    const bl = requireThrough(chain)?.('bl');
    if (bl) found.add(bl.prototype);
  }
  return [...found];
}

/** Reads in place for every MQTT parser of the server; called before a broker is started or joined. */
export function readPacketsInPlace(): void {
  for (const proto of parserBufferLists()) readInPlace(proto);
}
