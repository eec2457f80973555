import type { Db } from '../../src/server/db/client';
import {
  audiobookGenreLinks,
  audiobookGenres,
  audiobookSentences,
  audiobooks,
  audiobookWordsUsed,
} from '../../src/server/db/schema';

/** A sentence as a test wants it: Spanish and Russian, clips and picture optional (`/media/…` paths). */
export type SentenceSeed = Partial<typeof audiobookSentences.$inferInsert> & {
  spanish: string;
  russian: string;
};

/** A book row as a test wants it: only the title is required; status defaults to 'ready'. */
export interface AudiobookSeed extends Partial<typeof audiobooks.$inferInsert> {
  title: string;
  sentences?: readonly SentenceSeed[];
  /** Genre ids linked to the book (they must be the learner's). */
  genreIds?: readonly number[];
  /** Dictionary words the book uses (`audiobook_words_used`); usage counts are not refreshed. */
  wordsUsed?: readonly { wordId: number; isActive?: boolean }[];
}

/**
 * Inserts a learner's books straight into the tables, for tests of what is done to books that already
 * exist (the library, maintenance, the dictionary's audiobook dialog). Books made the way a learner makes
 * them go through `POST /api/audiobooks`.
 */
export async function seedAudiobook(db: Db, userId: string, seed: AudiobookSeed): Promise<number> {
  const { sentences = [], genreIds = [], wordsUsed = [], ...book } = seed;
  const [row] = await db
    .insert(audiobooks)
    .values({ targetWordCount: 200, status: 'ready', sentenceCount: sentences.length, ...book, userId })
    .returning({ id: audiobooks.id });
  if (!row) throw new Error('no book inserted');
  const audiobookId = row.id;
  if (sentences.length > 0) {
    await db
      .insert(audiobookSentences)
      .values(sentences.map((sentence, orderIndex) => ({ orderIndex, ...sentence, audiobookId, userId })));
  }
  if (genreIds.length > 0) {
    await db
      .insert(audiobookGenreLinks)
      .values(genreIds.map((genreId) => ({ audiobookId, genreId, userId })));
  }
  if (wordsUsed.length > 0) {
    await db.insert(audiobookWordsUsed).values(
      wordsUsed.map((word) => ({
        audiobookId,
        userId,
        wordId: word.wordId,
        isActive: word.isActive ?? true,
      })),
    );
  }
  return audiobookId;
}

/** Inserts a genre of the learner's (a built-in one when `name` is a catalogue key). */
export async function seedGenre(db: Db, userId: string, name: string): Promise<number> {
  const [row] = await db
    .insert(audiobookGenres)
    .values({ userId, name })
    .returning({ id: audiobookGenres.id });
  if (!row) throw new Error('no genre inserted');
  return row.id;
}
