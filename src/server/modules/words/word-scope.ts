import { and, eq, type SQL } from 'drizzle-orm';
import { words } from '../../db/schema';

/** The learner's live words: theirs and not deleted. */
export const liveWordsOf = (userId: string): SQL =>
  and(eq(words.userId, userId), eq(words.isDeleted, false)) as SQL;

/** One of the learner's live words. */
export const liveWordOf = (userId: string, wordId: number): SQL =>
  and(eq(words.id, wordId), liveWordsOf(userId)) as SQL;
