import { Readable } from 'node:stream';

/**
 * The downloads' bytes handed to their sockets, at most `budget` bytes a turn of the event loop
 * across all of them. A socket write is copied into the kernel there and then (on loopback the
 * receiving side's work is done in the same call), so 50 RCUs starting their 2 MB downloads
 * together filled one turn with tens of milliseconds of writes, and a console's call that came
 * meanwhile waited for all of them. Paced, each turn writes at most the budget, then the loop reads
 * what came in (the console's calls among it), then the next pieces go. Pieces wait in order.
 */
export class DownloadPacer {
  readonly #budget: number;
  #left: number;
  readonly #waiting: { bytes: number; go: () => void }[] = [];
  #refill: NodeJS.Immediate | null = null;

  constructor(budget: number) {
    this.#budget = budget;
    this.#left = budget;
  }

  /** Calls `go` now when this turn's budget is not spent (and nothing waits), else in a later turn. */
  take(bytes: number, go: () => void): void {
    if (this.#waiting.length === 0 && this.#left > 0) {
      this.#left -= bytes;
      this.#scheduleRefill();
      go();
      return;
    }
    this.#waiting.push({ bytes, go });
    this.#scheduleRefill();
  }

  /** Resolves when `bytes` may be written (now or in a later turn). */
  turn(bytes: number): Promise<void> {
    return new Promise((resolve) => this.take(bytes, resolve));
  }

  /** How many pieces wait for a later turn (for the tests). */
  get waiting(): number {
    return this.#waiting.length;
  }

  #scheduleRefill(): void {
    if (this.#refill) return;
    this.#refill = setImmediate(() => {
      this.#refill = null;
      this.#left = this.#budget;
      while (this.#waiting.length > 0 && this.#left > 0) {
        const next = this.#waiting.shift() as { bytes: number; go: () => void };
        this.#left -= next.bytes;
        next.go();
      }
      if (this.#waiting.length > 0) this.#scheduleRefill();
    });
  }

  /**
   * A stream of `bytes` in pieces of at most `pieceBytes` (views, not copies), each handed on when
   * the pacer allows and the socket has taken the one before.
   */
  stream(bytes: Buffer, pieceBytes: number): Readable {
    const pacer = this;
    let at = 0;
    return new Readable({
      highWaterMark: pieceBytes,
      read() {
        if (at >= bytes.length) {
          this.push(null);
          return;
        }
        const piece = bytes.subarray(at, at + pieceBytes);
        at += piece.length;
        pacer.take(piece.length, () => this.push(piece));
      },
    });
  }
}
