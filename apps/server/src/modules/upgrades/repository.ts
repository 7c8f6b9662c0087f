import type { UpgradeKind, UpgradeRoomState } from '@roompilot/contract';
import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db, UpgradeFilesTable, UpgradeJobRoomsTable, UpgradeJobsTable } from '../../db/schema.js';

/** Job states in which a job has not ended: its file stays, its rooms are busy, its links work. */
export const OPEN_JOB_STATES = ['running', 'paused'] as const;
/** Room states of a room that a job still holds. */
const HELD_ROOM_STATES = ['waiting', 'in_progress'] as const;
/** Rows per insert statement (9 parameters each: far under SQLite's and PostgreSQL's limits). */
const INSERT_BATCH = 500;

const FILE_COLUMNS = [
  'upgrade_files.id',
  'upgrade_files.hotel_id',
  'upgrade_files.kind',
  'upgrade_files.version',
  'upgrade_files.notes',
  'upgrade_files.size',
  'upgrade_files.sha256',
  'upgrade_files.created_by',
  'upgrade_files.created_at',
] as const;

export async function insertFile(db: Db, row: Insertable<UpgradeFilesTable>): Promise<number> {
  const inserted = await db.insertInto('upgrade_files').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

function activeJobs(db: Db) {
  return db
    .selectFrom('upgrade_jobs')
    .select(['file_id', (eb) => eb.fn.countAll<number>().as('active')])
    .where('state', 'in', OPEN_JOB_STATES)
    .groupBy('file_id');
}

/** Whether the hotel lists a file of this kind and version (a removed file's record aside). */
export async function versionListed(db: Db, hotelId: number, kind: string, version: string): Promise<boolean> {
  const row = await db
    .selectFrom('upgrade_files')
    .select('id')
    .where('hotel_id', '=', hotelId)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** A file without its bytes, with the count of jobs using it that have not ended. */
export function findFile(db: Db, hotelId: number, id: number) {
  return db
    .selectFrom('upgrade_files')
    .leftJoin(activeJobs(db).as('jobs'), 'jobs.file_id', 'upgrade_files.id')
    .select([...FILE_COLUMNS, (eb) => eb.fn.coalesce('jobs.active', eb.lit(0)).as('active_jobs')])
    .where('upgrade_files.hotel_id', '=', hotelId)
    .where('upgrade_files.id', '=', id)
    .where('upgrade_files.removed_at', 'is', null)
    .executeTakeFirst();
}

export async function pageFiles(
  db: Db,
  hotelId: number,
  kinds: readonly UpgradeKind[],
  page: { current: number; size: number },
) {
  const base = db
    .selectFrom('upgrade_files')
    .where('hotel_id', '=', hotelId)
    .where('kind', 'in', kinds)
    .where('removed_at', 'is', null);
  const [records, count] = await Promise.all([
    base
      .leftJoin(activeJobs(db).as('jobs'), 'jobs.file_id', 'upgrade_files.id')
      .select([...FILE_COLUMNS, (eb) => eb.fn.coalesce('jobs.active', eb.lit(0)).as('active_jobs')])
      .orderBy('upgrade_files.id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { records, total: Number(count.total) };
}

/** The whole content of a file (a parameter file's JSON). */
export async function fileContent(db: Db, id: number): Promise<Buffer | null> {
  const row = await db.selectFrom('upgrade_files').select('content').where('id', '=', id).executeTakeFirst();
  return row ? Buffer.from(row.content) : null;
}

/**
 * `length` bytes of a file from `start` (0-based): SQLite's substr of a blob and PostgreSQL's
 * substr of a bytea both count from 1 and answer bytes, so a download never holds the whole file.
 */
export async function fileChunk(db: Db, id: number, start: number, length: number): Promise<Buffer> {
  const row = await db
    .selectFrom('upgrade_files')
    .select(sql<Buffer>`substr(content, ${start + 1}, ${length})`.as('chunk'))
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? Buffer.from(row.chunk) : Buffer.alloc(0);
}

export async function deleteFile(db: Db, hotelId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('upgrade_files')
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether any job uses the file (an ended one too: its history names the file). */
export async function jobsOfFile(db: Db, fileId: number) {
  return db.selectFrom('upgrade_jobs').select(['id', 'state']).where('file_id', '=', fileId).execute();
}

/**
 * A file that ended jobs name is kept as their record (kind, version, size, SHA-256) without its
 * bytes, and no longer listed or offered for a job.
 */
export async function retireFile(db: Db, hotelId: number, id: number, at: string): Promise<void> {
  await db
    .updateTable('upgrade_files')
    .set({ removed_at: at, content: Buffer.alloc(0) })
    .where('hotel_id', '=', hotelId)
    .where('id', '=', id)
    .execute();
}

/** The ids among `ids` that are rooms of the hotel. */
export async function roomsOfHotel(db: Db, hotelId: number, ids: readonly number[]): Promise<Set<number>> {
  const found = new Set<number>();
  for (let from = 0; from < ids.length; from += INSERT_BATCH) {
    const rows = await db
      .selectFrom('rooms')
      .select('id')
      .where('hotel_id', '=', hotelId)
      .where('id', 'in', ids.slice(from, from + INSERT_BATCH))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/** The rooms among `ids` that a job which has not ended still holds (waiting or in progress). */
export async function busyRooms(db: Db, ids: readonly number[]): Promise<number[]> {
  const busy: number[] = [];
  for (let from = 0; from < ids.length; from += INSERT_BATCH) {
    const rows = await db
      .selectFrom('upgrade_job_rooms')
      .innerJoin('upgrade_jobs', 'upgrade_jobs.id', 'upgrade_job_rooms.job_id')
      .select('upgrade_job_rooms.room_id')
      .where('upgrade_job_rooms.room_id', 'in', ids.slice(from, from + INSERT_BATCH))
      .where('upgrade_job_rooms.state', 'in', HELD_ROOM_STATES)
      .where('upgrade_jobs.state', 'in', OPEN_JOB_STATES)
      .execute();
    busy.push(...rows.map((row) => row.room_id));
  }
  return busy;
}

export async function insertJob(
  db: Db,
  job: Insertable<UpgradeJobsTable>,
  roomIds: readonly number[],
): Promise<number> {
  const { id } = await db.insertInto('upgrade_jobs').values(job).returning('id').executeTakeFirstOrThrow();
  for (let from = 0; from < roomIds.length; from += INSERT_BATCH) {
    await db
      .insertInto('upgrade_job_rooms')
      .values(
        roomIds.slice(from, from + INSERT_BATCH).map((roomId) => ({
          job_id: id,
          room_id: roomId,
          hotel_id: job.hotel_id,
          state: 'waiting',
          progress: 0,
        })),
      )
      .execute();
  }
  return id;
}

function jobs(db: Db) {
  return db
    .selectFrom('upgrade_jobs')
    .innerJoin('upgrade_files', 'upgrade_files.id', 'upgrade_jobs.file_id')
    .select([
      'upgrade_jobs.id',
      'upgrade_jobs.hotel_id',
      'upgrade_jobs.kind',
      'upgrade_jobs.state',
      'upgrade_jobs.pause_reason',
      'upgrade_jobs.settings',
      'upgrade_jobs.created_by',
      'upgrade_jobs.created_at',
      'upgrade_jobs.batch_ended_at',
      'upgrade_jobs.accepted_batch',
      'upgrade_jobs.ended_at',
      'upgrade_files.id as file_id',
      'upgrade_files.version as file_version',
      'upgrade_files.size as file_size',
      'upgrade_files.sha256 as file_sha256',
    ]);
}
export type JobRow = Awaited<ReturnType<typeof findJob>> & {};

/** A job of the hotel (`hotelId` null: of any hotel, as a device's link or the engine finds it). */
export function findJob(db: Db, hotelId: number | null, id: number) {
  let query = jobs(db).where('upgrade_jobs.id', '=', id);
  if (hotelId !== null) query = query.where('upgrade_jobs.hotel_id', '=', hotelId);
  return query.executeTakeFirst();
}

export async function pageJobs(
  db: Db,
  hotelId: number,
  filter: { kinds: readonly UpgradeKind[]; state?: string },
  page: { current: number; size: number },
) {
  let base = db
    .selectFrom('upgrade_jobs')
    .where('upgrade_jobs.hotel_id', '=', hotelId)
    .where('upgrade_jobs.kind', 'in', filter.kinds);
  if (filter.state) base = base.where('upgrade_jobs.state', '=', filter.state);
  const [ids, count] = await Promise.all([
    base
      .select('upgrade_jobs.id')
      .orderBy('upgrade_jobs.id', 'desc')
      .limit(page.size)
      .offset((page.current - 1) * page.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const records =
    ids.length === 0
      ? []
      : await jobs(db)
          .where(
            'upgrade_jobs.id',
            'in',
            ids.map((row) => row.id),
          )
          .orderBy('upgrade_jobs.id', 'desc')
          .execute();
  return { records, total: Number(count.total) };
}

/** Rooms of each job by state. */
export async function countRooms(db: Db, jobIds: readonly number[]) {
  if (jobIds.length === 0) return [];
  const rows = await db
    .selectFrom('upgrade_job_rooms')
    .select(['job_id', 'state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('job_id', 'in', jobIds)
    .groupBy(['job_id', 'state'])
    .execute();
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

function jobRoomsQuery(db: Db, jobId: number) {
  return db
    .selectFrom('upgrade_job_rooms')
    .innerJoin('rooms', 'rooms.id', 'upgrade_job_rooms.room_id')
    .select([
      'upgrade_job_rooms.room_id',
      'rooms.room_num',
      'rooms.rcu_id',
      'rooms.rent',
      'upgrade_job_rooms.state',
      'upgrade_job_rooms.progress',
      'upgrade_job_rooms.error',
      'upgrade_job_rooms.batch',
      'upgrade_job_rooms.started_at',
      'upgrade_job_rooms.ended_at',
    ])
    .where('upgrade_job_rooms.job_id', '=', jobId)
    .orderBy('rooms.room_num');
}

/** Every room of a job, by room number: the job's detail. */
export function jobRooms(db: Db, jobId: number) {
  return jobRoomsQuery(db, jobId).execute();
}

/**
 * The rooms of a job in one of `states`, by room number, at most `limit`: what a step of the job
 * looks at, so that a step reads the rooms it acts on and not the whole job (a job of thousands
 * of rooms takes a step at every room's end).
 */
export function jobRoomsIn(db: Db, jobId: number, states: readonly UpgradeRoomState[], limit?: number) {
  const query = jobRoomsQuery(db, jobId).where('upgrade_job_rooms.state', 'in', states);
  return (limit === undefined ? query : query.limit(limit)).execute();
}

/**
 * The job's batches so far: how many rooms were started in one, the last batch's number, and how
 * many of that batch's rooms ended and failed (its failure rate).
 */
export async function jobBatches(
  db: Db,
  jobId: number,
): Promise<{ started: number; last: number | null; lastEnded: number; lastFailed: number }> {
  const row = await db
    .selectFrom('upgrade_job_rooms')
    .select((eb) => [eb.fn.count<number>('batch').as('started'), eb.fn.max('batch').as('last')])
    .where('job_id', '=', jobId)
    .executeTakeFirstOrThrow();
  const last = row.last === null ? null : Number(row.last);
  if (last === null) return { started: Number(row.started), last, lastEnded: 0, lastFailed: 0 };
  const states = await db
    .selectFrom('upgrade_job_rooms')
    .select(['state', (eb) => eb.fn.countAll<number>().as('count')])
    .where('job_id', '=', jobId)
    .where('batch', '=', last)
    .groupBy('state')
    .execute();
  const count = (wanted: (state: string) => boolean) =>
    states.filter((entry) => wanted(entry.state)).reduce((sum, entry) => sum + Number(entry.count), 0);
  return {
    started: Number(row.started),
    last,
    lastEnded: count((state) => state === 'finished' || state === 'failed'),
    lastFailed: count((state) => state === 'failed'),
  };
}

export type JobRoomRow = Awaited<ReturnType<typeof jobRooms>>[number];

/** The job a room is in progress in, if any (a room is in one open job at most). */
/** The open job each of these rooms is in progress in (a room is in one at most). */
export function jobsInProgress(db: Db, roomIds: readonly number[]) {
  return db
    .selectFrom('upgrade_job_rooms')
    .innerJoin('upgrade_jobs', 'upgrade_jobs.id', 'upgrade_job_rooms.job_id')
    .select(['upgrade_job_rooms.room_id', 'upgrade_job_rooms.job_id'])
    .where('upgrade_job_rooms.room_id', 'in', roomIds)
    .where('upgrade_job_rooms.state', '=', 'in_progress')
    .where('upgrade_jobs.state', 'in', OPEN_JOB_STATES)
    .execute();
}

export function findJobRoom(db: Db, jobId: number, roomId: number) {
  return db
    .selectFrom('upgrade_job_rooms')
    .innerJoin('rooms', 'rooms.id', 'upgrade_job_rooms.room_id')
    .select([
      'upgrade_job_rooms.job_id',
      'upgrade_job_rooms.room_id',
      'upgrade_job_rooms.hotel_id',
      'rooms.room_num',
      'upgrade_job_rooms.state',
      'upgrade_job_rooms.progress',
    ])
    .where('upgrade_job_rooms.job_id', '=', jobId)
    .where('upgrade_job_rooms.room_id', '=', roomId)
    .executeTakeFirst();
}

export async function updateJob(
  db: Db,
  id: number,
  patch: Updateable<UpgradeJobsTable>,
  onlyIn?: readonly string[],
): Promise<boolean> {
  let query = db.updateTable('upgrade_jobs').set(patch).where('id', '=', id);
  if (onlyIn) query = query.where('state', 'in', onlyIn);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Changes a room of a job if it is in one of `from`'s states; true if it was. */
export async function updateJobRoom(
  db: Db,
  jobId: number,
  roomId: number,
  patch: Updateable<UpgradeJobRoomsTable>,
  from: readonly UpgradeRoomState[],
): Promise<boolean> {
  const result = await db
    .updateTable('upgrade_job_rooms')
    .set(patch)
    .where('job_id', '=', jobId)
    .where('room_id', '=', roomId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Every room of a job in one of `from`'s states moves to `patch`; answers how many did. */
export async function updateJobRooms(
  db: Db,
  jobId: number,
  patch: Updateable<UpgradeJobRoomsTable>,
  from: readonly UpgradeRoomState[],
): Promise<number> {
  const result = await db
    .updateTable('upgrade_job_rooms')
    .set(patch)
    .where('job_id', '=', jobId)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** The room's version of a kind after an upgrade took (fw, cfg, ir, params_version) and when. */
export async function recordRoomVersion(
  db: Db,
  roomId: number,
  column: 'fw' | 'cfg' | 'ir' | 'params_version',
  version: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('rooms')
    .set({ [column]: version, versiontime: at })
    .where('id', '=', roomId)
    .execute();
}
