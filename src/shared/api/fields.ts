import { z } from 'zod';
import { isStorableText } from '../text/control-characters';

/**
 * Field rules every request schema shares, so the database never meets a value it cannot hold
 * (docs/product/errors.md#values-the-database-cannot-hold).
 */

const UNSTORABLE = { error: 'Contains a NUL or a broken (lone surrogate) character' };

/**
 * A provider key: it travels in an HTTP header, which carries visible ASCII only, and no key has anything
 * else; a pasted key with a space, a Cyrillic letter or an emoji in it is refused here, naming the field,
 * instead of failing at the provider. Leading and trailing spaces are trimmed first.
 */
export const providerKey = () =>
  safeText()
    .trim()
    .regex(/^[\x21-\x7E]*$/, { error: 'A key holds visible ASCII characters only' });

/** PostgreSQL `integer` (and `serial`): every id column and stored count. */
export const MAX_INT32 = 2_147_483_647;

/**
 * Text of a request: a NUL or a lone surrogate (half of a character) is refused with a validation error
 * naming the field. Nobody types them; PostgreSQL stores neither in text or JSON.
 */
export const safeText = () => z.string().refine(isStorableText, UNSTORABLE);

/** An http(s) address (a provider's base URL): the URL rules keep a NUL in a path, so it is refused here. */
export const httpUrl = () =>
  z
    .url({ protocol: /^https?$/ })
    .max(500)
    .refine(isStorableText, UNSTORABLE);

/** A stored count or any integer a 32-bit column holds. */
export const int32 = () => z.number().int().max(MAX_INT32);

/** A row id in a request body: a positive integer that fits the 32-bit id column. */
export const rowId = () => z.number().int().positive().max(MAX_INT32);

/**
 * A row id in a path. Malformed ('abc', 0, 1.5) is a validation error; well-formed but beyond the id
 * column names a row that cannot exist, so the answer is the route's "not found" (`notFound`, by the
 * error handler), the same as for another learner's id.
 */
export const rowIdParam = (
  notFound:
    | 'word_not_found'
    | 'audiobook_not_found'
    | 'genre_not_found'
    | 'series_not_found'
    | 'review_card_not_found',
) =>
  z.coerce
    .number()
    .int()
    .positive()
    .refine((id) => id <= MAX_INT32, { error: 'No row has this id', params: { notFound } });
