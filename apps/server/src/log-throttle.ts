/**
 * A log line that a fault repeats (Redis away, every RCU message failing the same way) said at
 * most once per `everyMs`, with how many times it was held back since: an outage is one line every
 * few seconds, not a flood that is itself a load and buries what else the log says.
 */
export function throttledLog(everyMs: number, now: () => number = Date.now): (say: (heldBack: number) => void) => void {
  let saidAt = Number.NEGATIVE_INFINITY;
  let heldBack = 0;
  return (say) => {
    const time = now();
    if (time - saidAt < everyMs) {
      heldBack += 1;
      return;
    }
    say(heldBack);
    saidAt = time;
    heldBack = 0;
  };
}

/** One `throttledLog` per key (a job's name, an RCU message's kind), made as each key is first met. */
export function throttledLogs(
  everyMs: number,
  now: () => number = Date.now,
): (key: string, say: (heldBack: number) => void) => void {
  const byKey = new Map<string, ReturnType<typeof throttledLog>>();
  return (key, say) => {
    let log = byKey.get(key);
    if (!log) {
      log = throttledLog(everyMs, now);
      byKey.set(key, log);
    }
    log(say);
  };
}
