import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { MAX_INT32 } from '../../shared/api/fields';

/**
 * Counters kept in 32-bit `integer` columns (listens, plays, uses) stop at the column's largest value
 * instead of overflowing (docs/product/errors.md#values-the-database-cannot-hold): a learner may send or
 * restore a count at the top of the range, and the next listen or sum must still be stored, not refused.
 * The arithmetic runs in bigint, since `integer + integer` past the range is an error in PostgreSQL.
 */

/** `column + amount`, held at the column's largest value. */
export const raisedCount = (column: AnyColumn, amount: SQL | number) =>
  sql<number>`least(${column}::bigint + ${amount}, ${MAX_INT32})::int`;

/** The sum of an integer column over `rows` (a `from … where …` clause), 0 for none, held at the largest value. */
export const clampedSum = (column: AnyColumn, rows: SQL) =>
  sql<number>`(select least(coalesce(sum(${column}), 0), ${MAX_INT32})::int ${rows})`;
