/** Whether a query failed on a unique index (PostgreSQL 23505, SQLite's constraint): a row raced in. */
export function isUniqueViolation(error: unknown): boolean {
  const { code } = error as { code?: string };
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}
