import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { DownloadPacer } from './download-pacer.js';

/** The pieces as a socket's pipe gets them: each `data` event (an async iterator would join them). */
function piecesOf(stream: Readable, each: (piece: Buffer) => void = () => {}): Promise<Buffer[]> {
  const pieces: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (piece: Buffer) => {
      pieces.push(piece);
      each(piece);
    });
    stream.on('end', () => resolve(pieces));
    stream.on('error', reject);
  });
}

describe('DownloadPacer', () => {
  it('writes at most its budget a turn, the pieces in the order they asked', async () => {
    const pacer = new DownloadPacer(100);
    const written: string[] = [];
    for (const name of ['a', 'b', 'c', 'd', 'e']) pacer.take(60, () => written.push(name));
    // This turn: `a` (60 of 100), `b` too (the budget was not spent when it asked), nothing more.
    expect(written).toEqual(['a', 'b']);
    expect(pacer.waiting).toBe(3);
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c', 'd']);
    await nextTurn();
    expect(written).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(pacer.waiting).toBe(0);
  });

  it('lets a piece larger than the budget through alone rather than never', async () => {
    const pacer = new DownloadPacer(10);
    const written: number[] = [];
    pacer.take(50, () => written.push(1));
    pacer.take(50, () => written.push(2));
    expect(written).toEqual([1]);
    await nextTurn();
    expect(written).toEqual([1, 2]);
  });

  it('streams the bytes exactly, in views of the piece size', async () => {
    const pacer = new DownloadPacer(64);
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, index) => index % 251));
    const pieces = await piecesOf(pacer.stream(bytes, 48));
    expect(Buffer.concat(pieces).equals(bytes)).toBe(true);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBe(48);
    expect(pieces[0]?.buffer).toBe(bytes.buffer);
  });

  it('shares its budget among streams, so two downloads take turns', async () => {
    const pacer = new DownloadPacer(100);
    const order: string[] = [];
    const drain = (name: string) => piecesOf(pacer.stream(Buffer.alloc(300), 100), () => order.push(name));
    await Promise.all([drain('x'), drain('y')]);
    expect(order.filter((name) => name === 'x')).toHaveLength(3);
    // One turn's budget is one piece: the second download starts before the first has ended.
    expect(order.indexOf('y')).toBeLessThan(order.lastIndexOf('x'));
  });
});
