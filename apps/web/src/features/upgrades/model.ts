import {
  UPGRADE_REASONS,
  type UpgradeCounts,
  type UpgradeJob,
  type UpgradeJobDetail,
  type UpgradeKind,
  type UpgradeMessage,
  type UpgradeReason,
} from '@roompilot/contract';

/**
 * The upgrade screens' rules, apart from React: which kind a route sends, a job's progress from its
 * counts, a live push applied to a job or its detail, a room's reason as a message key.
 */

/** Each upgrade screen sends one kind of file (SPEC.md: each its own key). */
export const KIND_OF_ROUTE: Readonly<Record<string, UpgradeKind>> = {
  pm_upgradebinfile: 'bin',
  pm_upgradeconfigfile: 'config',
  pm_infrared: 'ir',
  pm_upgradepara: 'param',
};

/** The room list's version field (`/upgraderoomlist`) that a kind's job changes. */
export const VERSION_FIELD = {
  bin: 'fw',
  config: 'cfg',
  ir: 'ir',
  param: 'params_version',
} as const satisfies Record<UpgradeKind, string>;

/** How often a screen reads a job again while the live socket is down and the job may move. */
export const POLL_MS = 4_000;

export const totalOf = (counts: UpgradeCounts) =>
  counts.waiting + counts.in_progress + counts.finished + counts.failed + counts.skipped + counts.cancelled;

/** Percent of the rooms ended (any way) and of those finished, for a bar: whole numbers 0..100. */
export function progressOf(counts: UpgradeCounts): { ended: number; finished: number } {
  const total = totalOf(counts);
  if (total === 0) return { ended: 0, finished: 0 };
  const ended = total - counts.waiting - counts.in_progress;
  return { ended: Math.floor((ended * 100) / total), finished: Math.floor((counts.finished * 100) / total) };
}

/** A job that may still start or finish rooms: the screens follow it. */
export const isOpen = (job: Pick<UpgradeJob, 'state'>) => job.state === 'running' || job.state === 'paused';

/** A job of a list with a push applied (the same object when the push is another job's or a room's). */
export function applyToJob<Job extends UpgradeJob>(job: Job, message: UpgradeMessage): Job {
  if (message.type !== 'upgrade_job' || message.data.job_id !== job.id) return job;
  const { state, pause_reason, counts } = message.data;
  return { ...job, state, pause_reason, counts };
}

/** A job's detail with a push applied: its state and counts, or one of its rooms. */
export function applyToDetail(detail: UpgradeJobDetail, message: UpgradeMessage): UpgradeJobDetail {
  if (message.data.job_id !== detail.id) return detail;
  if (message.type === 'upgrade_job') return applyToJob(detail, message);
  const { room_id, state, progress, error } = message.data;
  let changed = false;
  const rooms = detail.rooms.map((room) => {
    if (room.room_id !== room_id) return room;
    changed = true;
    return { ...room, state, progress, error };
  });
  return changed ? { ...detail, rooms } : detail;
}

/**
 * Whether a detail's rooms agree with its counts: a push missed (sent while the detail was being
 * read) leaves a room behind, and the detail is read again.
 */
export function roomsAgree(detail: UpgradeJobDetail): boolean {
  const tally: Record<string, number> = {};
  for (const room of detail.rooms) tally[room.state] = (tally[room.state] ?? 0) + 1;
  return (Object.keys(detail.counts) as (keyof UpgradeCounts)[]).every(
    (state) => (tally[state] ?? 0) === detail.counts[state],
  );
}

/**
 * A room's reason as the user reads it: a server reason (`timeout`…) or a refusal by its key, a
 * device's words the simulator and RCUs send by theirs when known, else the words as they came.
 */
export type ReasonText =
  | { key: `upgrades.reason.${UpgradeReason}` }
  | { key: 'upgrades.reason.refusedBecause'; detail: string }
  | {
      key:
        | 'upgrades.reason.checksum'
        | 'upgrades.reason.size'
        | 'upgrades.reason.download'
        | 'upgrades.reason.notParams';
      detail: string;
    }
  | { key: null; detail: string };

export function reasonOf(error: string | null): ReasonText | null {
  if (!error) return null;
  if ((UPGRADE_REASONS as readonly string[]).includes(error))
    return { key: `upgrades.reason.${error as UpgradeReason}` };
  const refused = /^refused:\s*(.*)$/s.exec(error);
  if (refused) return { key: 'upgrades.reason.refusedBecause', detail: refused[1] ?? '' };
  if (error === 'checksum mismatch') return { key: 'upgrades.reason.checksum', detail: error };
  if (error.startsWith('size mismatch')) return { key: 'upgrades.reason.size', detail: error };
  if (error.startsWith('download failed')) return { key: 'upgrades.reason.download', detail: error };
  if (error === 'not a parameter file') return { key: 'upgrades.reason.notParams', detail: error };
  return { key: null, detail: error };
}

/** `a1b2c3d4…e5f6a7b8`: a SHA-256 short enough for a table cell (copied whole). */
export const shortHash = (sha256: string) =>
  sha256.length > 20 ? `${sha256.slice(0, 8)}…${sha256.slice(-8)}` : sha256;

/** Bytes as KiB / MiB with one decimal (B under a KiB). */
export function sizeParts(bytes: number): { value: number; unit: 'B' | 'KiB' | 'MiB' } {
  if (bytes < 1024) return { value: bytes, unit: 'B' };
  if (bytes < 1024 * 1024) return { value: Math.round((bytes / 1024) * 10) / 10, unit: 'KiB' };
  return { value: Math.round((bytes / (1024 * 1024)) * 10) / 10, unit: 'MiB' };
}

/** A job's time window: both ends as HH:MM, or neither. */
export const CLOCK = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export function windowProblem(from: string | undefined, to: string | undefined): 'format' | 'both' | null {
  const a = from?.trim() ?? '';
  const b = to?.trim() ?? '';
  if ((a && !CLOCK.test(a)) || (b && !CLOCK.test(b))) return 'format';
  if (Boolean(a) !== Boolean(b)) return 'both';
  return null;
}
