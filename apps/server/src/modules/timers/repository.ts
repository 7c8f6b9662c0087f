import type { Db, TimersTable } from '../../db/schema.js';

export type TimerRow = TimersTable;

/** Inserts a timer, or replaces the one of the same key (its due time, kind, data and room). */
export async function upsertTimer(db: Db, row: TimerRow): Promise<void> {
  await db
    .insertInto('timers')
    .values(row)
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hotel_id: row.hotel_id,
        room_id: row.room_id,
        kind: row.kind,
        due_at: row.due_at,
        data: row.data,
        created_at: row.created_at,
      }),
    )
    .execute();
}

export async function deleteTimer(db: Db, key: string): Promise<boolean> {
  const result = await db.deleteFrom('timers').where('key', '=', key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function findTimer(db: Db, key: string): Promise<TimerRow | undefined> {
  return db.selectFrom('timers').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Timers of these kinds due at `now` or before, the earliest first. */
export async function dueTimers(db: Db, kinds: string[], now: string, limit: number): Promise<TimerRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('timers')
    .selectAll()
    .where('due_at', '<=', now)
    .where('kind', 'in', kinds)
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a due timer by deleting its row as it was read: true for the one caller that deleted it;
 * false when another instance claimed it first, or it was replaced (new due time or data) or cancelled.
 */
export async function claimTimer(db: Db, row: TimerRow): Promise<boolean> {
  const result = await db
    .deleteFrom('timers')
    .where('key', '=', row.key)
    .where('due_at', '=', row.due_at)
    .where('data', '=', row.data)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
