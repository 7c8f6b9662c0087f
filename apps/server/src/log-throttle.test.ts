import { describe, expect, it } from 'vitest';
import { throttledLog, throttledLogs } from './log-throttle.js';

describe('throttled log lines', () => {
  it('says the first at once, then at most one per period with the count held back', () => {
    let time = 0;
    const said: number[] = [];
    const log = throttledLog(10_000, () => time);
    for (time = 0; time < 25_000; time += 1_000) log((heldBack) => said.push(heldBack));
    expect(said).toEqual([0, 9, 9]);
  });

  it('keeps each key apart', () => {
    let time = 0;
    const said: string[] = [];
    const log = throttledLogs(1_000, () => time);
    log('alerts:sweep', (held) => said.push(`sweep ${held}`));
    log('logs:retention', (held) => said.push(`retention ${held}`));
    log('alerts:sweep', (held) => said.push(`sweep ${held}`));
    time = 1_000;
    log('alerts:sweep', (held) => said.push(`sweep ${held}`));
    expect(said).toEqual(['sweep 0', 'retention 0', 'sweep 1']);
  });
});
