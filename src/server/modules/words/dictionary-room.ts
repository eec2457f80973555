import { count, sql } from 'drizzle-orm';
import { MAX_DICTIONARY_WORDS } from '../../../shared/api/uploads';
import type { Db } from '../../db/client';
import { words } from '../../db/schema';
import { AppError } from '../../http/app-error';
import { liveWordsOf } from './word-scope';

/**
 * The dictionary cap (docs/product/upload.md#dictionary-cap): one learner's words stop at
 * `MAX_DICTIONARY_WORDS`, whichever way they come — upload, import or restore.
 */

export const dictionaryFull = () => new AppError('dictionary_full', 409, { max: MAX_DICTIONARY_WORDS });

/** How many words the learner has. */
export async function countWords(db: Pick<Db, 'select'>, userId: string): Promise<number> {
  const [row] = await db.select({ words: count() }).from(words).where(liveWordsOf(userId));
  return row?.words ?? 0;
}

/**
 * Inside a transaction that adds words: waits for any other such transaction of the learner's (a lock of
 * theirs alone, released at commit), then answers how many more the dictionary takes. Two uploads of one
 * learner can then never both take the last room.
 */
export async function lockRoomInDictionary(
  tx: Pick<Db, 'select' | 'execute'>,
  userId: string,
): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`dictionary:${userId}`}, 0))`);
  return Math.max(0, MAX_DICTIONARY_WORDS - (await countWords(tx, userId)));
}
