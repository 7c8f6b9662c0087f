/** Whether a query failed on a unique index (PostgreSQL 23505, SQLite's constraint): a row raced in. */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/** Whether a query failed on a foreign key (PostgreSQL 23503, SQLite's constraint): a row still refers to it. */
export function isForeignKeyViolation(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}
