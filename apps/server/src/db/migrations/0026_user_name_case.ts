import { type Kysely, sql } from 'kysely';

/**
 * User names are unique whatever their case: the services already refuse `MANAGER` beside
 * `manager` (4409), and this index refuses it when two such users are written at the same moment.
 * A database that already holds such a pair (a hotel's first manager could be named so before)
 * stops here with the names to rename: two logins that differ only in case are for the operator to
 * settle, not for a migration to guess. Frozen in time: never import application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  const clashes = await sql<{ name: string }>`
    select lower(user_name) as name from users group by lower(user_name) having count(*) > 1 order by 1`.execute(db);
  if (clashes.rows.length > 0) {
    const names = clashes.rows.map((row) => row.name).join(', ');
    throw new Error(
      `user names that differ only in case: ${names}. Rename one of each (the users screen, on the version before this one) and start again.`,
    );
  }
  await sql`create unique index users_user_name_nocase on users (lower(user_name))`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function down(db: Kysely<any>): Promise<void> {
  await sql`drop index users_user_name_nocase`.execute(db);
}
