import { type Kysely, sql } from 'kysely';

/**
 * An upgrade file's version is unique among the hotel's files of its kind that are still listed
 * (`removed_at` null: a removed file's record may share its version with a new upload). The
 * service refuses a second upload of a version (4409); this index refuses two written at once.
 *
 * A database may already hold such pairs (the same file uploaded twice): the newest of each stays
 * listed. Each older one that no job names and whose bytes are the same as the newest's is a copy,
 * and goes; any other (a job names it, or its bytes differ) is taken off the list with its bytes
 * kept, so a job that uses it runs on and nothing uploaded is lost. Frozen in time: never import
 * application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  const older = await sql<{ id: number; copy: boolean }>`
    select f.id,
      (f.sha256 = newest.sha256 and not exists (select 1 from upgrade_jobs j where j.file_id = f.id)) as copy
    from upgrade_files f
    join upgrade_files newest
      on newest.id = (
        select max(n.id) from upgrade_files n
        where n.hotel_id = f.hotel_id and n.kind = f.kind and n.version = f.version and n.removed_at is null
      )
    where f.removed_at is null and f.id <> newest.id`.execute(db);
  const at = new Date().toISOString();
  for (const { id, copy } of older.rows) {
    // SQLite answers the comparison as 0 or 1, PostgreSQL as a boolean.
    if (Number(copy)) await db.deleteFrom('upgrade_files').where('id', '=', id).execute();
    else await db.updateTable('upgrade_files').set({ removed_at: at }).where('id', '=', id).execute();
  }
  await sql`create unique index upgrade_files_version on upgrade_files (hotel_id, kind, version) where removed_at is null`.execute(
    db,
  );
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index upgrade_files_version`.execute(db);
}
