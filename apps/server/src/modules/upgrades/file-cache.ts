/**
 * The bytes of the files being downloaded, kept in memory on this instance, the least recently
 * used going first past `maxBytes` in all. A rollout to a thousand rooms then reads each file from
 * the database once, instead of once per room in 256 KiB pieces: on SQLite those reads are
 * synchronous, and during a rollout to 50 rooms at once they held the event loop long enough to
 * take the console's room list from 17 ms to 620 ms p99 (bench/upgrade-rollout.mjs). Files never
 * change once stored, so an entry is never stale; a file larger than the whole cache is not kept.
 */
export class FileCache {
  readonly #maxBytes: number;
  readonly #load: (id: number) => Promise<Buffer | null>;
  /** In the order of use, the most recent last. */
  readonly #entries = new Map<number, { bytes: Promise<Buffer | null>; size: number }>();
  #total = 0;

  constructor(maxBytes: number, load: (id: number) => Promise<Buffer | null>) {
    this.#maxBytes = maxBytes;
    this.#load = load;
  }

  /** The file's bytes (`size` as stored), or null when it is too large to keep or is gone. */
  get(id: number, size: number): Promise<Buffer | null> {
    const found = this.#entries.get(id);
    if (found) {
      this.#entries.delete(id);
      this.#entries.set(id, found);
      return found.bytes;
    }
    if (size > this.#maxBytes) return Promise.resolve(null);
    const bytes = this.#load(id);
    this.#entries.set(id, { bytes, size });
    this.#total += size;
    // A failed read (the database away a moment) is not kept: the next download reads again.
    bytes.then(
      (content) => content === null && this.forget(id),
      () => this.forget(id),
    );
    for (const [oldest] of this.#entries) {
      if (this.#total <= this.#maxBytes || oldest === id) break;
      this.forget(oldest);
    }
    return bytes;
  }

  forget(id: number): void {
    const entry = this.#entries.get(id);
    if (!entry) return;
    this.#entries.delete(id);
    this.#total -= entry.size;
  }
}
