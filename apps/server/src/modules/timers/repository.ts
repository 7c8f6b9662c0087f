import type { Db, TimersTable } from '../../db/schema.js';

export type TimerRow = TimersTable;

/**
 * Inserts a timer, or replaces the one of the same key (its due time, kind, data and room). A
 * replaced timer is no longer claimed: set again by its own handler, it fires again.
 */
export async function upsertTimer(db: Db, row: Omit<TimerRow, 'claimed_until'>): Promise<void> {
  await db
    .insertInto('timers')
    .values({ ...row, claimed_until: null })
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        hotel_id: row.hotel_id,
        room_id: row.room_id,
        kind: row.kind,
        due_at: row.due_at,
        data: row.data,
        created_at: row.created_at,
        claimed_until: null,
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

/** Timers of these kinds due at `now` or before and not claimed (or their claim ran out), the earliest first. */
export async function dueTimers(db: Db, kinds: string[], now: string, limit: number): Promise<TimerRow[]> {
  if (kinds.length === 0) return [];
  return db
    .selectFrom('timers')
    .selectAll()
    .where('due_at', '<=', now)
    .where('kind', 'in', kinds)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('due_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a due timer as it was read until `until`: true for the one caller that claimed it; false
 * when another instance claimed it first, or it was replaced (new due time or data) or cancelled.
 * The row stays until `release`: if the claimer dies before, the timer fires again after `until`.
 */
export async function claimTimer(db: Db, row: TimerRow, now: string, until: string): Promise<boolean> {
  let query = db
    .updateTable('timers')
    .set({ claimed_until: until })
    .where('key', '=', row.key)
    .where('due_at', '=', row.due_at)
    .where('data', '=', row.data);
  query =
    row.claimed_until === null
      ? query.where('claimed_until', 'is', null)
      : query.where('claimed_until', '=', row.claimed_until).where('claimed_until', '<=', now);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Deletes a fired timer, unless its handler (or anyone) set it again meanwhile. */
export async function releaseTimer(db: Db, row: TimerRow, until: string): Promise<void> {
  await db
    .deleteFrom('timers')
    .where('key', '=', row.key)
    .where('due_at', '=', row.due_at)
    .where('data', '=', row.data)
    .where('claimed_until', '=', until)
    .execute();
}
