/** Whether a driver error carries one of these SQLSTATEs, as node-postgres and PGlite both report it
 * (possibly wrapped by Drizzle). */
function hasSqlState(error: unknown, states: ReadonlySet<string>): boolean {
  for (
    let current: unknown = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const { code } = current as { code?: unknown };
    if (typeof code === 'string' && states.has(code)) return true;
  }
  return false;
}

/** PostgreSQL's unique_violation. */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE_VIOLATION);
}
const UNIQUE_VIOLATION: ReadonlySet<string> = new Set(['23505']);

/**
 * Values the database refuses to hold, whatever the query: a NUL in text (22021), a character the
 * encoding cannot take (22P05, also a NUL escape in jsonb), a malformed literal such as a lone surrogate
 * in JSON (22P02), a number beyond its column (22003). The request schemas refuse them first
 * (src/shared/api/fields.ts); this is the last line, so such a value is the request's fault, never a
 * server error (docs/product/errors.md#values-the-database-cannot-hold).
 */
const UNSTORABLE_VALUE_STATES: ReadonlySet<string> = new Set(['22021', '22P05', '22P02', '22003']);

export function isUnstorableValue(error: unknown): boolean {
  return hasSqlState(error, UNSTORABLE_VALUE_STATES);
}
