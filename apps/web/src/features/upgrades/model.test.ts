import type { UpgradeJobDetail } from '@roompilot/contract';
import { describe, expect, it } from 'vitest';
import { applyToDetail, applyToJob, progressOf, reasonOf, shortHash, sizeParts, windowProblem } from './model';

const counts = { waiting: 5, in_progress: 2, finished: 2, failed: 1, skipped: 0, cancelled: 0 };
const job: UpgradeJobDetail = {
  id: 7,
  state: 'running',
  pause_reason: null,
  file: { id: 1, kind: 'bin', version: '2.0.0', size: 10, sha256: 'a'.repeat(64) },
  settings: {
    batch_size: 10,
    batch_pause_s: 0,
    canary: 0,
    max_failure_pct: 100,
    window_from: null,
    window_to: null,
    room_timeout_s: 900,
    max_downloads: 20,
    force: false,
  },
  counts,
  created_at: '2026-01-01T00:00:00Z',
  created_by: 'manager',
  ended_at: null,
  rooms: [
    {
      room_id: 1,
      room_num: '0101',
      state: 'waiting',
      progress: 0,
      error: null,
      batch: null,
      started_at: null,
      ended_at: null,
    },
  ],
};

describe('upgrade model', () => {
  it('a bar: rooms ended and finished, in whole percent', () => {
    expect(progressOf(counts)).toEqual({ ended: 30, finished: 20 });
    expect(progressOf({ ...counts, waiting: 0, in_progress: 0, failed: 0, finished: 0 })).toEqual({
      ended: 0,
      finished: 0,
    });
  });

  it('a push changes only its own job or room', () => {
    const pushed = { waiting: 4, in_progress: 2, finished: 3, failed: 1, skipped: 0, cancelled: 0 };
    const message = {
      type: 'upgrade_job' as const,
      data: { job_id: 7, state: 'paused' as const, pause_reason: 'manual' as const, counts: pushed },
    };
    expect(applyToJob(job, message)).toMatchObject({ state: 'paused', pause_reason: 'manual', counts: pushed });
    expect(applyToJob({ ...job, id: 8 }, message).state).toBe('running');
    const room = {
      type: 'upgrade' as const,
      data: { job_id: 7, room_id: 1, room_num: '0101', state: 'in_progress' as const, progress: 40, error: null },
    };
    expect(applyToDetail(job, room).rooms[0]).toMatchObject({ state: 'in_progress', progress: 40 });
    expect(applyToDetail(job, { ...room, data: { ...room.data, job_id: 9 } })).toBe(job);
  });

  it('a reason in words: the server’s, a refusal, the device’s known words, else as it came', () => {
    expect(reasonOf(null)).toBeNull();
    expect(reasonOf('timeout')).toEqual({ key: 'upgrades.reason.timeout' });
    expect(reasonOf('refused: busy')).toEqual({ key: 'upgrades.reason.refusedBecause', detail: 'busy' });
    expect(reasonOf('checksum mismatch')?.key).toBe('upgrades.reason.checksum');
    expect(reasonOf('download failed: socket hang up')?.key).toBe('upgrades.reason.download');
    expect(reasonOf('flash write error')).toEqual({ key: null, detail: 'flash write error' });
  });

  it('hashes, sizes and the time window', () => {
    expect(shortHash('0123456789abcdef'.repeat(4))).toBe('01234567…89abcdef');
    expect(sizeParts(512)).toEqual({ value: 512, unit: 'B' });
    expect(sizeParts(1536)).toEqual({ value: 1.5, unit: 'KiB' });
    expect(sizeParts(3 * 1024 * 1024)).toEqual({ value: 3, unit: 'MiB' });
    expect(windowProblem(undefined, undefined)).toBeNull();
    expect(windowProblem('22:00', '06:00')).toBeNull();
    expect(windowProblem('22:00', '')).toBe('both');
    expect(windowProblem('25:00', '06:00')).toBe('format');
  });
});
