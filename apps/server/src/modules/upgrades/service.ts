import { randomUUID } from 'node:crypto';
import {
  type HelloPayload,
  holds,
  isVisitor,
  PAGE_SIZE_DEFAULT,
  type Page,
  type RoomRef,
  UPGRADE_JOB_DEFAULTS,
  UPGRADE_KIND_KEYS,
  UPGRADE_KINDS,
  type UpgradeCounts,
  type UpgradeFile,
  type UpgradeFileListBody,
  type UpgradeFileParams,
  type UpgradeJob,
  type UpgradeJobAddBody,
  type UpgradeJobDetail,
  type UpgradeJobListBody,
  type UpgradeJobSettings,
  type UpgradeJobState,
  type UpgradeKind,
  type UpgradeMessage,
  type UpgradeParamAddBody,
  type UpgradePauseReason,
  type UpgradePayload,
  type UpgradeRoomState,
} from '@roompilot/contract';
import type { Kysely } from 'kysely';
import { type Actor, who } from '../../access.js';
import { Batcher } from '../../batcher.js';
import type { Clock } from '../../clock.js';
import type { Database } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/unique.js';
import { AppError, conflict, forbidden, invalid, notFound } from '../../errors.js';
import { insertEvent } from '../alerts/repository.js';
import { DeviceCommandError } from '../control/failures.js';
import type { ControlService } from '../control/service.js';
import type { LiveBus } from '../live/bus.js';
import type { LiveStore } from '../live/store.js';
import { recordOperation } from '../oplog/service.js';
import type { FiredTimer, TimerService } from '../timers/service.js';
import type { DownloadLease, DownloadSlots } from './download-slots.js';
import { FileCache } from './file-cache.js';
import { checkParams, paramsOfFile, sha256Of, type UpgradeUpload } from './files.js';
import type { UpgradeLinks } from './links.js';
import * as repository from './repository.js';
import { OPEN_JOB_STATES } from './repository.js';

/** The persistent timer kind of the rollout engine: one timer per job that has not ended. */
export const UPGRADE_TIMER = 'upgrade';
/** While rooms are in progress the engine looks at the job at least this often. */
const TICK_MS = 5_000;
/** Commands of one batch in flight at once. */
const START_CONCURRENCY = 32;
/** A device's words kept of a failure. */
const DEVICE_ERROR_MAX = 200;
/** A link outlives the room's time-out by this much (a device finishing its last chunk). */
const LINK_MARGIN_MS = 60_000;
/** A room's upgrade progress is written to the database at most this often (it is pushed live always). */
const PROGRESS_WRITE_MS = 1_000;

/** A job's counts go to the consoles at most this often while its rooms end (#announceJobSoon). */
export const JOB_ANNOUNCE_MS = 250;

/** The bytes of files being downloaded that an instance keeps in memory (FileCache). */
const UPGRADE_FILE_CACHE_BYTES = 64 * 1024 * 1024;

/** A device past a job's download cap is told to come back after this many seconds. */
export const DOWNLOAD_RETRY_AFTER_S = 5;

const VERSION_COLUMN = { bin: 'fw', config: 'cfg', ir: 'ir', param: 'params_version' } as const;
const ENDED_ROOM_STATES: readonly UpgradeRoomState[] = ['finished', 'failed', 'skipped', 'cancelled'];

export interface UpgradeServiceOptions {
  db: Kysely<Database>;
  clock: Clock;
  timers: TimerService;
  control: ControlService;
  store: LiveStore;
  bus: LiveBus;
  links: UpgradeLinks;
  /** The server's address as RCUs reach it (PUBLIC_URL, else the listening address). */
  publicUrl: () => string;
  fileMaxBytes: number;
  /** The places of each job's downloads (its `max_downloads`), shared by the instances. */
  slots: DownloadSlots;
  log?: { error(object: object, message: string): void; warn(object: object, message: string): void };
}

type Job = repository.JobRow;

/** The kinds whose key the caller holds; a visitor (who may read) and the Administrator see every kind. */
function kindsOf(actor: Actor): UpgradeKind[] {
  if (actor.isAdmin || isVisitor(actor.perms)) return [...UPGRADE_KINDS];
  return UPGRADE_KINDS.filter((kind) => holds(actor.perms, UPGRADE_KIND_KEYS[kind]));
}

/** 4403 unless the caller holds the kind's own key (the call's access let any kind's key in). */
function mayUse(actor: Actor, kind: UpgradeKind, write: boolean): void {
  if (actor.isAdmin) return;
  if (!write && isVisitor(actor.perms)) return;
  if (!holds(actor.perms, UPGRADE_KIND_KEYS[kind])) throw forbidden('upgrades.kindForbidden');
}

function settingsOf(job: Job): UpgradeJobSettings {
  try {
    return { ...UPGRADE_JOB_DEFAULTS, ...(JSON.parse(job.settings) as Partial<UpgradeJobSettings>) };
  } catch {
    return { ...UPGRADE_JOB_DEFAULTS };
  }
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/**
 * When new rooms may start, by the job's window (server time zone): null now, else the time the
 * window next opens. A window whose end is before its start spans midnight.
 */
export function windowWait(settings: Pick<UpgradeJobSettings, 'window_from' | 'window_to'>, now: Date): Date | null {
  if (!settings.window_from || !settings.window_to) return null;
  const from = minutesOf(settings.window_from);
  const to = minutesOf(settings.window_to);
  const minute = now.getHours() * 60 + now.getMinutes();
  const inside = from <= to ? minute >= from && minute < to : minute >= from || minute < to;
  if (inside) return null;
  const opens = new Date(now);
  opens.setHours(Math.floor(from / 60), from % 60, 0, 0);
  if (opens.getTime() <= now.getTime()) opens.setDate(opens.getDate() + 1);
  return opens;
}

function emptyCounts(): UpgradeCounts {
  return { waiting: 0, in_progress: 0, finished: 0, failed: 0, skipped: 0, cancelled: 0 };
}

/**
 * Upgrades (issue 13): files of four kinds, each its own permission key; jobs sending a file to
 * rooms in batches, driven by a persistent timer per job (modules/timers: it fires once across
 * instances and after a restart); each room's progress from its RCU's `up/upgrade` messages
 * (live/ingest.ts); the signed download links (links.ts); every change in the operation log, the
 * rooms' event log (type `upgrade`) and the hotel's consoles (live push through the bus).
 */
export class UpgradeService {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;
  readonly #timers: TimerService;
  readonly #control: ControlService;
  readonly #store: LiveStore;
  readonly #bus: LiveBus;
  readonly links: UpgradeLinks;
  readonly #publicUrl: () => string;
  readonly fileMaxBytes: number;
  readonly #log: NonNullable<UpgradeServiceOptions['log']>;
  readonly #slots: DownloadSlots;
  /**
   * When this instance last wrote each room's progress (`job:room` → ms): a report is pushed live
   * every time, and written to the database at most every PROGRESS_WRITE_MS (50 rooms reporting
   * several times a second had cost as many writes).
   */
  readonly #progressWritten = new Map<string, number>();
  /** A job's counts waiting to go to the consoles (announceJobSoon), by job id. */
  readonly #jobAnnounces = new Map<number, NodeJS.Timeout>();
  /**
   * The job each room whose RCU said hello is in progress in, asked for the hellos of the moment
   * together (a connect storm of 10,000 RCUs had cost a query each); a failed query is tried again
   * with the next batch.
   */
  readonly #inProgress = new Batcher<number, number, number>({
    run: async (roomIds) => {
      const rows = await repository.jobsInProgress(this.#db, [...roomIds.keys()]);
      return new Map(rows.map((row) => [row.room_id, row.job_id]));
    },
  });
  /** The files being downloaded, in memory on this instance. */
  readonly #files = new FileCache(UPGRADE_FILE_CACHE_BYTES, (id) => repository.fileContent(this.#db, id));

  constructor(options: UpgradeServiceOptions) {
    this.#db = options.db;
    this.#clock = options.clock;
    this.#timers = options.timers;
    this.#control = options.control;
    this.#store = options.store;
    this.#bus = options.bus;
    this.links = options.links;
    this.#publicUrl = options.publicUrl;
    this.fileMaxBytes = options.fileMaxBytes;
    this.#slots = options.slots;
    this.#log = options.log ?? { error() {}, warn() {} };
    this.#timers.on(UPGRADE_TIMER, (timer) => this.#tickTimer(timer));
  }

  // Files

  async addFile(actor: Actor, hotelId: number, upload: UpgradeUpload): Promise<UpgradeFile> {
    mayUse(actor, upload.kind, true);
    if (upload.kind === 'param') paramsOfFile(upload.content);
    return this.#storeFile(actor, hotelId, upload.kind, upload.version, upload.notes, upload.content);
  }

  async addParams(actor: Actor, hotelId: number, body: UpgradeParamAddBody): Promise<UpgradeFile> {
    const params = checkParams(body.params);
    const content = Buffer.from(JSON.stringify(params));
    return this.#storeFile(actor, hotelId, 'param', body.version, body.notes ?? '', content);
  }

  async #storeFile(
    actor: Actor,
    hotelId: number,
    kind: UpgradeKind,
    version: string,
    notes: string,
    content: Buffer,
  ): Promise<UpgradeFile> {
    const sha256 = sha256Of(content);
    const at = this.#clock().toISOString();
    const taken = () => conflict('upgrades.versionTaken', { version });
    if (await repository.versionListed(this.#db, hotelId, kind, version)) throw taken();
    const id = await this.#db
      .transaction()
      .execute(async (trx) => {
        const fileId = await repository.insertFile(trx, {
          hotel_id: hotelId,
          kind,
          version,
          notes,
          size: content.length,
          sha256,
          content,
          created_by: actor.userName,
          created_at: at,
        });
        await recordOperation(trx, this.#clock, who(actor, hotelId), {
          action: 'upgrade_file_add',
          target: `${kind} ${version}`,
          detail: { kind, version, size: content.length, sha256 },
        });
        return fileId;
      })
      .catch((error: unknown) => {
        // Another upload of the version was written between the check and this one.
        throw isUniqueViolation(error) ? taken() : error;
      });
    return this.#file(hotelId, id);
  }

  async #file(hotelId: number, id: number): Promise<UpgradeFile> {
    const row = await repository.findFile(this.#db, hotelId, id);
    if (!row) throw notFound('upgrades.fileNotFound');
    const { hotel_id: _hotel, ...file } = row;
    return { ...file, kind: file.kind as UpgradeKind, active_jobs: Number(file.active_jobs) };
  }

  async listFiles(actor: Actor, hotelId: number, body: UpgradeFileListBody): Promise<Page<UpgradeFile>> {
    const current = body.current ?? 1;
    const size = body.size ?? PAGE_SIZE_DEFAULT;
    const kinds = kindsOf(actor).filter((kind) => body.kind === undefined || kind === body.kind);
    if (kinds.length === 0) return { records: [], total: 0, current, size };
    const { records, total } = await repository.pageFiles(this.#db, hotelId, kinds, { current, size });
    return {
      records: records.map(({ hotel_id: _hotel, ...file }) => ({
        ...file,
        kind: file.kind as UpgradeKind,
        active_jobs: Number(file.active_jobs),
      })),
      total,
      current,
      size,
    };
  }

  async fileParams(hotelId: number, id: number): Promise<UpgradeFileParams> {
    const file = await this.#file(hotelId, id);
    if (file.kind !== 'param') throw invalid('upgrades.notParams');
    const content = await repository.fileContent(this.#db, id);
    return { id, version: file.version, params: content ? paramsOfFile(content) : {} };
  }

  async removeFile(actor: Actor, hotelId: number, id: number): Promise<null> {
    const file = await this.#file(hotelId, id);
    mayUse(actor, file.kind, true);
    await this.#db.transaction().execute(async (trx) => {
      const jobs = await repository.jobsOfFile(trx, id);
      if (jobs.some((job) => (OPEN_JOB_STATES as readonly string[]).includes(job.state))) {
        throw conflict('upgrades.fileInUse');
      }
      // The jobs that used it stay in the history: then only its bytes go.
      if (jobs.length > 0) await repository.retireFile(trx, hotelId, id, this.#clock().toISOString());
      else await repository.deleteFile(trx, hotelId, id);
      this.#files.forget(id);
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_file_delete',
        target: `${file.kind} ${file.version}`,
        detail: { kind: file.kind, version: file.version, sha256: file.sha256 },
      });
    });
    return null;
  }

  // Jobs

  async addJob(actor: Actor, hotelId: number, body: UpgradeJobAddBody): Promise<{ id: number; state: 'running' }> {
    const file = await this.#file(hotelId, body.file_id);
    mayUse(actor, file.kind, true);
    const { file_id: _file, room_ids: roomIds, hotel_id: _hotel, ...given } = body;
    const settings: UpgradeJobSettings = { ...UPGRADE_JOB_DEFAULTS, ...given };
    const { window_from: from, window_to: to } = settings;
    if ((from === null) !== (to === null) || (from !== null && from === to)) throw invalid('upgrades.window');
    const found = await repository.roomsOfHotel(this.#db, hotelId, roomIds);
    if (found.size !== roomIds.length) throw notFound('upgrades.roomNotFound');
    const at = this.#clock();
    const id = await this.#db.transaction().execute(async (trx) => {
      if ((await repository.busyRooms(trx, roomIds)).length > 0) throw conflict('upgrades.roomBusy');
      const jobId = await repository.insertJob(
        trx,
        {
          hotel_id: hotelId,
          file_id: file.id,
          kind: file.kind,
          state: 'running',
          pause_reason: null,
          settings: JSON.stringify(settings),
          created_by: actor.userName,
          created_at: at.toISOString(),
        },
        roomIds,
      );
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_job_add',
        target: `${file.kind} ${file.version}`,
        detail: { job: jobId, kind: file.kind, version: file.version, rooms: roomIds.length, ...settings },
      });
      return jobId;
    });
    await this.#schedule(hotelId, id, at);
    return { id, state: 'running' };
  }

  async listJobs(actor: Actor, hotelId: number, body: UpgradeJobListBody): Promise<Page<UpgradeJob>> {
    const current = body.current ?? 1;
    const size = body.size ?? PAGE_SIZE_DEFAULT;
    const kinds = kindsOf(actor).filter((kind) => body.kind === undefined || kind === body.kind);
    if (kinds.length === 0) return { records: [], total: 0, current, size };
    const { records, total } = await repository.pageJobs(
      this.#db,
      hotelId,
      { kinds, ...(body.state && { state: body.state }) },
      { current, size },
    );
    const counts = await this.#counts(records.map((job) => job.id));
    return { records: records.map((job) => this.#jobOf(job, counts.get(job.id))), total, current, size };
  }

  async jobDetail(actor: Actor, hotelId: number, id: number): Promise<UpgradeJobDetail> {
    const job = await this.#job(hotelId, id);
    mayUse(actor, job.kind as UpgradeKind, false);
    return this.#detail(job);
  }

  async #job(hotelId: number, id: number): Promise<Job> {
    const job = await repository.findJob(this.#db, hotelId, id);
    if (!job) throw notFound('upgrades.jobNotFound');
    return job;
  }

  async #detail(job: Job): Promise<UpgradeJobDetail> {
    const rooms = await repository.jobRooms(this.#db, job.id);
    const counts = emptyCounts();
    for (const room of rooms) counts[room.state as UpgradeRoomState]++;
    return {
      ...this.#jobOf(job, counts),
      rooms: rooms.map((room) => ({
        room_id: room.room_id,
        room_num: room.room_num,
        state: room.state as UpgradeRoomState,
        progress: room.progress,
        error: room.error,
        batch: room.batch,
        started_at: room.started_at,
        ended_at: room.ended_at,
      })),
    };
  }

  async #counts(jobIds: number[]): Promise<Map<number, UpgradeCounts>> {
    const byJob = new Map<number, UpgradeCounts>();
    for (const row of await repository.countRooms(this.#db, jobIds)) {
      const counts = byJob.get(row.job_id) ?? emptyCounts();
      counts[row.state as UpgradeRoomState] = row.count;
      byJob.set(row.job_id, counts);
    }
    return byJob;
  }

  async #countsOf(jobId: number): Promise<UpgradeCounts> {
    return (await this.#counts([jobId])).get(jobId) ?? emptyCounts();
  }

  #jobOf(job: Job, counts: UpgradeCounts = emptyCounts()): UpgradeJob {
    return {
      id: job.id,
      state: job.state as UpgradeJobState,
      pause_reason: job.pause_reason as UpgradePauseReason | null,
      file: {
        id: job.file_id,
        kind: job.kind as UpgradeKind,
        version: job.file_version,
        size: job.file_size,
        sha256: job.file_sha256,
      },
      settings: settingsOf(job),
      counts,
      created_at: job.created_at,
      created_by: job.created_by,
      ended_at: job.ended_at,
    };
  }

  /** Failed and skipped rooms back to waiting; the job runs again (an ended one too). */
  async retryJob(actor: Actor, hotelId: number, id: number): Promise<UpgradeJobDetail> {
    const job = await this.#job(hotelId, id);
    mayUse(actor, job.kind as UpgradeKind, true);
    if (job.state === 'cancelled') throw conflict('upgrades.jobCancelled');
    const at = this.#clock();
    const again = await this.#roomsIn(job.id, ['failed', 'skipped']);
    const retried = await this.#db.transaction().execute(async (trx) => {
      if ((await repository.busyRooms(trx, again)).length > 0) {
        throw conflict('upgrades.roomBusy');
      }
      const count = await repository.updateJobRooms(
        trx,
        job.id,
        { state: 'waiting', progress: 0, error: null, batch: null, started_at: null, ended_at: null },
        ['failed', 'skipped'],
      );
      await repository.updateJob(trx, job.id, { state: 'running', pause_reason: null, ended_at: null });
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_job_retry',
        target: `${job.kind} ${job.file_version}`,
        detail: { job: job.id, rooms: count },
      });
      return count;
    });
    if (retried > 0 || job.state !== 'finished') await this.#schedule(hotelId, job.id, at);
    return this.#announceDetail(job.id);
  }

  async #roomsIn(jobId: number, states: readonly UpgradeRoomState[]): Promise<number[]> {
    const rooms = await repository.jobRoomsIn(this.#db, jobId, states);
    return rooms.map((room) => room.room_id);
  }

  /** Ends the job: every room not ended is cancelled (a link of a room downloading stops working). */
  async cancelJob(actor: Actor, hotelId: number, id: number): Promise<UpgradeJobDetail> {
    const job = await this.#job(hotelId, id);
    mayUse(actor, job.kind as UpgradeKind, true);
    if (!(OPEN_JOB_STATES as readonly string[]).includes(job.state)) throw conflict('upgrades.jobEnded');
    const at = this.#clock().toISOString();
    const open = await this.#roomsIn(job.id, ['waiting', 'in_progress']);
    await this.#db.transaction().execute(async (trx) => {
      await repository.updateJobRooms(trx, job.id, { state: 'cancelled', error: 'cancelled', ended_at: at }, [
        'waiting',
        'in_progress',
      ]);
      await repository.updateJob(trx, job.id, { state: 'cancelled', pause_reason: null, ended_at: at });
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_job_cancel',
        target: `${job.kind} ${job.file_version}`,
        detail: { job: job.id, rooms: open.length },
      });
    });
    await this.#timers.cancel(this.#timerKey(job.id));
    const detail = await this.#announceDetail(job.id);
    for (const room of detail.rooms.filter((room) => open.includes(room.room_id))) {
      await this.#roomEvent(job, room.room_id, 'cancelled', 'cancelled');
      await this.#announceRoom(job, room.room_id, room.room_num, 'cancelled', room.progress, 'cancelled');
    }
    return detail;
  }

  async pauseJob(actor: Actor, hotelId: number, id: number): Promise<UpgradeJobDetail> {
    const job = await this.#job(hotelId, id);
    mayUse(actor, job.kind as UpgradeKind, true);
    if (job.state !== 'running') throw conflict('upgrades.jobNotRunning');
    await this.#db.transaction().execute(async (trx) => {
      await repository.updateJob(trx, job.id, { state: 'paused', pause_reason: 'manual' }, ['running']);
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_job_pause',
        target: `${job.kind} ${job.file_version}`,
        detail: { job: job.id },
      });
    });
    return this.#announceDetail(job.id);
  }

  async resumeJob(actor: Actor, hotelId: number, id: number): Promise<UpgradeJobDetail> {
    const job = await this.#job(hotelId, id);
    mayUse(actor, job.kind as UpgradeKind, true);
    if (job.state !== 'paused') throw conflict('upgrades.jobNotPaused');
    // Resumed after pausing itself: the failures of the batch it paused for are accepted, and the
    // next batch starts now (the engineer's look took the place of the pause between batches).
    const accepted =
      job.pause_reason === 'failure_rate'
        ? {
            accepted_batch: (await repository.jobBatches(this.#db, job.id)).last,
            batch_ended_at: new Date(this.#clock().getTime() - settingsOf(job).batch_pause_s * 1000).toISOString(),
          }
        : {};
    await this.#db.transaction().execute(async (trx) => {
      await repository.updateJob(trx, job.id, { state: 'running', pause_reason: null, ...accepted }, ['paused']);
      await recordOperation(trx, this.#clock, who(actor, hotelId), {
        action: 'upgrade_job_resume',
        target: `${job.kind} ${job.file_version}`,
        detail: { job: job.id },
      });
    });
    await this.#schedule(hotelId, job.id, this.#clock());
    return this.#announceDetail(job.id);
  }

  // The rollout engine

  #timerKey(jobId: number): string {
    return `upgrade:job:${jobId}`;
  }

  /** Looks at the job at `at`, unless its timer is due sooner already. */
  async #schedule(hotelId: number, jobId: number, at: Date): Promise<void> {
    const key = this.#timerKey(jobId);
    const pending = await this.#timers.find(key);
    if (pending && Date.parse(pending.due_at) <= at.getTime()) return;
    await this.#timers.set({
      key,
      hotel_id: hotelId,
      room_id: null,
      kind: UPGRADE_TIMER,
      due_at: at,
      data: { job: jobId },
    });
  }

  /** A step that failed (the database away a moment) is tried again: a claimed timer is not retried. */
  async #tickTimer(timer: FiredTimer): Promise<void> {
    const jobId = Number(timer.data.job);
    if (!Number.isInteger(jobId)) return;
    try {
      await this.tick(jobId);
    } catch (error) {
      const again = new Date(this.#clock().getTime() + TICK_MS);
      await this.#schedule(timer.hotel_id, jobId, again).catch(() => {});
      throw error;
    }
  }

  /**
   * One step of a job: rooms past their time-out fail; the job pauses itself past its failure
   * rate, finishes when every room has ended; else, once the batch in progress has ended and the
   * pause after it is over, inside the window, the next batch starts. Then the job's timer is set
   * for the next step.
   */
  async tick(jobId: number): Promise<void> {
    const job = await repository.findJob(this.#db, null, jobId);
    if (!job || !(OPEN_JOB_STATES as readonly string[]).includes(job.state)) return;
    const settings = settingsOf(job);
    const now = this.#clock();
    const timeoutMs = settings.room_timeout_s * 1000;
    let inProgress = await repository.jobRoomsIn(this.#db, job.id, ['in_progress']);
    const timedOut = inProgress.filter(
      (room) => room.started_at && Date.parse(room.started_at) + timeoutMs <= now.getTime(),
    );
    for (const room of timedOut) await this.#endRoom(job, room.room_id, room.room_num, 'failed', 'timeout');
    if (timedOut.length > 0) inProgress = await repository.jobRoomsIn(this.#db, job.id, ['in_progress']);
    const counts = await this.#countsOf(job.id);
    const nextLook = () => {
      const due = inProgress.map((room) => Date.parse(room.started_at ?? '') + timeoutMs);
      return new Date(Math.min(now.getTime() + TICK_MS, ...due.filter(Number.isFinite)));
    };
    if (job.state === 'paused') {
      if (inProgress.length > 0) await this.#schedule(job.hotel_id, job.id, nextLook());
      return;
    }
    if (counts.waiting === 0 && inProgress.length === 0) {
      await repository.updateJob(this.#db, job.id, { state: 'finished', ended_at: now.toISOString() }, ['running']);
      await this.#announceJob(job.id);
      return;
    }
    if (inProgress.length > 0) {
      await this.#schedule(job.hotel_id, job.id, nextLook());
      return;
    }
    // The batch has ended: past its failure rate (and not accepted by the engineer) the job waits.
    const batches = await repository.jobBatches(this.#db, job.id);
    if (
      batches.last !== null &&
      batches.last > (job.accepted_batch ?? -1) &&
      settings.max_failure_pct < 100 &&
      batches.lastFailed * 100 > settings.max_failure_pct * batches.lastEnded
    ) {
      await repository.updateJob(this.#db, job.id, { state: 'paused', pause_reason: 'failure_rate' }, ['running']);
      await this.#announceJob(job.id);
      return;
    }
    let batchEnded = job.batch_ended_at;
    if (batches.started > 0 && batchEnded === null) {
      batchEnded = now.toISOString();
      await repository.updateJob(this.#db, job.id, { batch_ended_at: batchEnded });
    }
    if (batchEnded !== null && settings.batch_pause_s > 0) {
      const resumes = Date.parse(batchEnded) + settings.batch_pause_s * 1000;
      if (resumes > now.getTime()) {
        await this.#schedule(job.hotel_id, job.id, new Date(resumes));
        return;
      }
    }
    const opens = windowWait(settings, now);
    if (opens) {
      await this.#schedule(job.hotel_id, job.id, opens);
      return;
    }
    const batch = batches.last === null ? 0 : batches.last + 1;
    const size = batch === 0 && settings.canary > 0 ? settings.canary : settings.batch_size;
    await repository.updateJob(this.#db, job.id, { batch_ended_at: null });
    const chosen = await repository.jobRoomsIn(this.#db, job.id, ['waiting'], size);
    const content = job.kind === 'param' ? await repository.fileContent(this.#db, job.file_id) : null;
    const params = content ? (JSON.parse(content.toString('utf8')) as Record<string, unknown>) : null;
    for (let from = 0; from < chosen.length; from += START_CONCURRENCY) {
      await Promise.all(
        chosen.slice(from, from + START_CONCURRENCY).map((room) =>
          this.#startRoom(job, settings, room, batch, params).catch((error: unknown) => {
            this.#log.error({ err: error, job: job.id, room: room.room_id }, 'upgrades: a room did not start');
          }),
        ),
      );
    }
    await this.#schedule(job.hotel_id, job.id, new Date(this.#clock().getTime() + (chosen.length > 0 ? TICK_MS : 0)));
  }

  async #startRoom(
    job: Job,
    settings: UpgradeJobSettings,
    room: repository.JobRoomRow,
    batch: number,
    params: Record<string, unknown> | null,
  ): Promise<void> {
    const at = this.#clock();
    const claimed = await repository.updateJobRoom(
      this.#db,
      job.id,
      room.room_id,
      { state: 'in_progress', progress: 0, error: null, batch, started_at: at.toISOString(), ended_at: null },
      ['waiting'],
    );
    if (!claimed) return;
    const live = await this.#store.get(room.room_id);
    if (!live?.online) {
      await this.#endRoom(job, room.room_id, room.room_num, 'failed', 'offline');
      return;
    }
    if (!settings.force && (live.rent ?? room.rent) === 'checked_in') {
      await this.#endRoom(job, room.room_id, room.room_num, 'skipped', 'checked_in');
      return;
    }
    await this.#roomEvent(job, room.room_id, 'in_progress', null);
    await this.#announceRoom(job, room.room_id, room.room_num, 'in_progress', 0, null);
    try {
      if (params) {
        await this.#control.sendCommand(room.room_id, 'set_params', { params }, { hotelId: job.hotel_id });
        if (await this.#endRoom(job, room.room_id, room.room_num, 'finished', null)) {
          await this.#schedule(job.hotel_id, job.id, this.#clock());
        }
        return;
      }
      const exp = at.getTime() + settings.room_timeout_s * 1000 + LINK_MARGIN_MS;
      const url = this.links.url(this.#publicUrl(), { job: job.id, room: room.room_id, exp }, job.file_sha256);
      await this.#control.sendCommand(
        room.room_id,
        'upgrade',
        {
          job: String(job.id),
          kind: job.kind as UpgradeKind,
          version: job.file_version,
          url,
          sha256: job.file_sha256,
          size: job.file_size,
        },
        { hotelId: job.hotel_id },
      );
    } catch (error) {
      if (!(error instanceof DeviceCommandError)) throw error;
      const reason =
        error.failure === 'timeout'
          ? 'no_answer'
          : error.failure === 'refused'
            ? `refused: ${error.detail}`.slice(0, DEVICE_ERROR_MAX)
            : 'offline';
      await this.#endRoom(job, room.room_id, room.room_num, 'failed', reason);
    }
  }

  /** Ends a room that is in progress (or waiting); the version column changes when it finished. */
  async #endRoom(
    job: Job,
    roomId: number,
    roomNum: string,
    state: 'finished' | 'failed' | 'skipped',
    error: string | null,
  ): Promise<boolean> {
    this.#progressWritten.delete(`${job.id}:${roomId}`);
    const at = this.#clock().toISOString();
    const ended = await this.#db.transaction().execute(async (trx) => {
      const changed = await repository.updateJobRoom(
        trx,
        job.id,
        roomId,
        { state, error, ended_at: at, ...(state === 'finished' && { progress: 100 }) },
        ['in_progress', 'waiting'],
      );
      if (changed && state === 'finished') {
        await repository.recordRoomVersion(trx, roomId, VERSION_COLUMN[job.kind as UpgradeKind], job.file_version, at);
      }
      return changed;
    });
    if (!ended) return false;
    await this.#roomEvent(job, roomId, state, error);
    await this.#announceRoom(job, roomId, roomNum, state, state === 'finished' ? 100 : 0, error);
    return true;
  }

  async #roomEvent(job: Job, roomId: number, state: UpgradeRoomState, error: string | null): Promise<void> {
    const at = this.#clock().toISOString();
    await insertEvent(this.#db, {
      hotel_id: job.hotel_id,
      room_id: roomId,
      event_id: `upg-${randomUUID()}`,
      type: 'upgrade',
      detail: JSON.stringify({
        job: job.id,
        kind: job.kind,
        version: job.file_version,
        state,
        ...(error !== null && { error }),
      }),
      event_time: at,
      received_at: at,
    });
  }

  /**
   * An RCU's `up/upgrade` message (hostile until shown otherwise): heeded only for the job the
   * room is in progress in; progress kept within 0..100; a failure's words cut short.
   */
  async report(device: RoomRef, report: UpgradePayload): Promise<void> {
    if (!/^[0-9]{1,10}$/.test(report.job)) return;
    const jobId = Number(report.job);
    const row = await repository.findJobRoom(this.#db, jobId, device.room_id);
    if (row?.state !== 'in_progress' || row.hotel_id !== device.hotel_id) return;
    const job = await repository.findJob(this.#db, device.hotel_id, jobId);
    if (!job || job.kind === 'param' || !(OPEN_JOB_STATES as readonly string[]).includes(job.state)) return;
    if (report.state === 'in_progress') {
      const progress = Math.max(0, Math.min(100, Math.round(report.progress ?? 0)));
      if (progress === row.progress) return;
      const key = `${job.id}:${device.room_id}`;
      const now = this.#clock().getTime();
      if (now - (this.#progressWritten.get(key) ?? 0) >= PROGRESS_WRITE_MS) {
        if (!(await repository.updateJobRoom(this.#db, job.id, device.room_id, { progress }, ['in_progress']))) return;
        this.#progressWritten.set(key, now);
        // Rooms ended otherwise (cancelled, timed out) leave their line: old ones go past a bound.
        if (this.#progressWritten.size > 10_000) {
          for (const [seen, at] of this.#progressWritten) if (now - at > 3_600_000) this.#progressWritten.delete(seen);
        }
      }
      await this.#announceRoom(job, device.room_id, row.room_num, 'in_progress', progress, null);
      return;
    }
    const error = report.state === 'failed' ? (report.error?.trim() || 'failed').slice(0, DEVICE_ERROR_MAX) : null;
    if (await this.#endRoom(job, device.room_id, row.room_num, report.state, error)) {
      await this.#schedule(job.hotel_id, job.id, this.#clock());
    }
  }

  /**
   * An RCU's `hello`: a room in progress whose RCU now runs the job's version has finished, even
   * if its `finished` report was lost (it restarted to apply the file, the server restarted).
   * Whether the room is in progress is asked with the other hellos of the moment (`#inProgress`:
   * one query per batch); the job and the room's end only for a room that is.
   */
  async hello(device: RoomRef, hello: HelloPayload): Promise<void> {
    const jobId = await this.#inProgress.add(device.room_id, device.room_id);
    if (jobId === undefined) return;
    const job = await repository.findJob(this.#db, device.hotel_id, jobId);
    if (!job || job.kind === 'param') return;
    const running = { bin: hello.fw, config: hello.cfg, ir: hello.ir }[job.kind as Exclude<UpgradeKind, 'param'>];
    if (running !== job.file_version) return;
    if (await this.#endRoom(job, device.room_id, device.room_num, 'finished', null)) {
      await this.#schedule(job.hotel_id, job.id, this.#clock());
    }
  }

  // Downloads

  /**
   * The file of a signed link, if the link is good: 4403 tampered or expired, 4404 the job or room
   * ended (or never was).
   */
  async linkedFile(query: { job: string; room: string; exp: string; sig: string }) {
    const link = { job: Number(query.job), room: Number(query.room), exp: Number(query.exp) };
    if (link.exp <= this.#clock().getTime()) throw new AppError(4403, 'upgrades.linkExpired');
    const job = await repository.findJob(this.#db, null, link.job);
    if (!job || !this.links.verify(link, job.file_sha256, query.sig)) throw new AppError(4403, 'upgrades.linkInvalid');
    const room = await repository.findJobRoom(this.#db, job.id, link.room);
    if (!(OPEN_JOB_STATES as readonly string[]).includes(job.state) || room?.state !== 'in_progress') {
      throw notFound('upgrades.linkEnded');
    }
    return { job, settings: settingsOf(job) };
  }

  /** One of the job's download places (across the instances), or null past its cap. */
  takeDownload(jobId: number, cap: number): Promise<DownloadLease | null> {
    return this.#slots.take(jobId, cap);
  }

  /** The whole file when this instance keeps it in memory (see FileCache), else null. */
  fileInMemory(fileId: number, size: number): Promise<Buffer | null> {
    return this.#files.get(fileId, size);
  }

  /** `length` bytes of a file from `start`, read from the database (a file not kept in memory). */
  fileChunk(fileId: number, start: number, length: number): Promise<Buffer> {
    return repository.fileChunk(this.#db, fileId, start, length);
  }

  // The live push

  /** Upgrade messages of every hotel, from every server instance; resolves once listening. */
  onMessage(listener: (hotelId: number, message: UpgradeMessage) => void): Promise<() => void> {
    return this.#bus.subscribe('upgrades', (message) => {
      const { hotel_id: hotelId, message: body } = message as { hotel_id: number; message: UpgradeMessage };
      listener(hotelId, body);
    });
  }

  async #publish(hotelId: number, message: UpgradeMessage): Promise<void> {
    try {
      await this.#bus.publish('upgrades', { hotel_id: hotelId, message });
    } catch (error) {
      this.#log.warn({ err: error }, 'upgrades: a change could not be pushed (the consoles poll for it)');
    }
  }

  async #announceRoom(
    job: Job,
    roomId: number,
    roomNum: string,
    state: UpgradeRoomState,
    progress: number,
    error: string | null,
  ): Promise<void> {
    await this.#publish(job.hotel_id, {
      type: 'upgrade',
      data: { job_id: job.id, room_id: roomId, room_num: roomNum, state, progress, error },
    });
    if (ENDED_ROOM_STATES.includes(state)) this.#announceJobSoon(job.id);
  }

  /**
   * The job's counts to the consoles once its rooms stop ending for JOB_ANNOUNCE_MS, or at most that
   * often while they do: each ended room's line went out at once, and counting a job's rooms for
   * every one of them made a rollout cost a count of the whole job per room.
   */
  #announceJobSoon(jobId: number): void {
    if (this.#jobAnnounces.has(jobId)) return;
    const timer = setTimeout(() => {
      this.#jobAnnounces.delete(jobId);
      this.#announceJob(jobId).catch((error: unknown) =>
        this.#log.warn({ err: error, job: jobId }, 'upgrades: a job change could not be pushed'),
      );
    }, JOB_ANNOUNCE_MS);
    timer.unref();
    this.#jobAnnounces.set(jobId, timer);
  }

  /** Drops the job announcements not yet made (the server is closing; the consoles ask again). */
  close(): void {
    for (const timer of this.#jobAnnounces.values()) clearTimeout(timer);
    this.#jobAnnounces.clear();
  }

  /** The job's state and counts to the consoles (its rooms went out one by one already). */
  async #announceJob(jobId: number): Promise<void> {
    const job = await repository.findJob(this.#db, null, jobId);
    if (job) await this.#publishJob(job, await this.#countsOf(job.id));
  }

  /** The job's detail after an engineer's action: answered to the call and pushed to the consoles. */
  async #announceDetail(jobId: number): Promise<UpgradeJobDetail> {
    const job = await repository.findJob(this.#db, null, jobId);
    if (!job) throw notFound('upgrades.jobNotFound');
    const detail = await this.#detail(job);
    await this.#publishJob(job, detail.counts);
    return detail;
  }

  async #publishJob(job: Job, counts: UpgradeCounts): Promise<void> {
    await this.#publish(job.hotel_id, {
      type: 'upgrade_job',
      data: {
        job_id: job.id,
        state: job.state as UpgradeJobState,
        pause_reason: job.pause_reason as UpgradePauseReason | null,
        counts,
      },
    });
  }
}
