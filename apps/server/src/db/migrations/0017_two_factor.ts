import type { Kysely } from 'kysely';

/**
 * Two-factor sign-in (modules/twofactor): a user's TOTP secret, sealed with the device-key secret
 * (never stored in clear), the last time step taken (a code is good once), and a secret waiting to
 * be confirmed; its recovery codes, hashed, each used once; the login's short-lived challenges
 * between the password and the code; and the hotel's requirement. Frozen in time: never import
 * application code here.
 */
// biome-ignore lint/suspicious/noExplicitAny: a migration works on the database as it was, untyped
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('hotels')
    .addColumn('two_factor_required', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('user_two_factor')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret', 'text')
    .addColumn('enabled_at', 'text')
    .addColumn('last_step', 'integer')
    .addColumn('pending_secret', 'text')
    .addColumn('pending_at', 'text')
    .execute();

  await db.schema
    .createTable('two_factor_recovery_codes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addPrimaryKeyConstraint('two_factor_recovery_codes_pk', ['user_id', 'code_hash'])
    .execute();

  await db.schema
    .createTable('login_challenges')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('pending_secret', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('login_challenges_user').on('login_challenges').column('user_id').execute();
  await db.schema.createIndex('login_challenges_expires').on('login_challenges').column('expires_at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('login_challenges').execute();
  await db.schema.dropTable('two_factor_recovery_codes').execute();
  await db.schema.dropTable('user_two_factor').execute();
  await db.schema.alterTable('hotels').dropColumn('two_factor_required').execute();
}
