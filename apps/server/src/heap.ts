import v8 from 'node:v8';

/**
 * How far V8 lets the heap grow past what was live at the last full collection before it collects
 * again, in percent (HEAP_GROWING_PERCENT). V8's own choice goes up to 4× the live size, which a
 * server holding thousands of mostly idle RCUs reaches with garbage: with 10,000 RCUs sending their
 * heartbeats, 604 MB resident after 40 s (a full collection left 81 MB of heap per 3,000), against
 * 356 MB at 25 % (bench/rcu-scale.mjs, docs/benchmarks.md), for a few per cent more CPU under a
 * flood. 0 leaves it to V8.
 */
export const DEFAULT_HEAP_GROWING_PERCENT = 25;

/** Sets the growth for this process; call it before the server takes on work. */
export function limitHeapGrowth(percent: number): void {
  if (percent > 0) v8.setFlagsFromString(`--heap-growing-percent=${Math.round(percent)}`);
}
