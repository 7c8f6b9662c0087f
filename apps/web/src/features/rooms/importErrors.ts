import { ApiError } from '../../app/http';

/** One bad row of an import as the server reports it (line 1 is the header). */
export interface ImportRowError {
  line: number;
  /** The column's name (`room_type`): for the program, not for people. */
  field: string;
  /** The column as the template's header labels it, in the user's language (`房型`). */
  column: string;
  message: string;
}

const isRowError = (value: unknown): value is ImportRowError => {
  if (typeof value !== 'object' || value === null) return false;
  const row = value as Record<string, unknown>;
  return (
    typeof row.line === 'number' &&
    typeof row.field === 'string' &&
    typeof row.column === 'string' &&
    typeof row.message === 'string'
  );
};

/**
 * The bad rows of a refused import (code 4400 with `data.errors`), in line order, or null when the
 * failure was something else (the http client has already shown its message).
 */
export function importErrorsOf(error: unknown): (ImportRowError & { key: string })[] | null {
  if (!(error instanceof ApiError) || error.code !== 4400) return null;
  const errors = (error.data as { errors?: unknown } | null)?.errors;
  if (!Array.isArray(errors)) return null;
  return errors
    .filter(isRowError)
    .sort((a, b) => a.line - b.line)
    .map((row, index) => ({ ...row, key: `${row.line}:${row.field}:${index}` }));
}
