import { and, asc, eq, gte, inArray, isNull } from 'drizzle-orm';
import type { CodedError } from '../../../shared/api/errors';
import type { Db } from '../../db/client';
import { audiobookGenreLinks, audiobookGenres, audiobookSentences, audiobooks, words } from '../../db/schema';
import { liveWordsOf } from '../words/word-scope';
import type { AudiobookRow } from './audiobook-view';
import { type ClipSettings, clipColumns } from './sentence-clip-settings';

export interface NewBook {
  title: string;
  genreNames: string[];
  genreIds: number[];
  grammarLevel: string;
  targetWordCount: number;
  imageStep: number;
}

export interface CreationSentence {
  id: number;
  orderIndex: number;
  spanish: string;
  russian: string;
  audioData: string | null;
  secondVoiceAudioData: string | null;
  russianAudioData: string | null;
  imageData: string | null;
}

/** What finalize writes: the book's counts, cover and status (docs/product/audiobooks.md#creation, step 8). */
export type FinishedBook = Pick<
  AudiobookRow,
  | 'actualWordCount'
  | 'actualWordCountSpanish'
  | 'actualWordCountRussian'
  | 'actualWordCountTotal'
  | 'activeWordsUsed'
  | 'passiveWordsUsed'
  | 'wordsUsedActive'
  | 'wordsUsedDisabled'
  | 'sentenceCount'
  | 'mainAudioCount'
  | 'imageCount'
  | 'coverImageData'
  | 'verificationCompleted'
>;

const ownBook = (userId: string, id: number) => and(eq(audiobooks.userId, userId), eq(audiobooks.id, id));
const ownSentences = (userId: string, audiobookId: number) =>
  and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.audiobookId, audiobookId));

/** The SQL of writing a book (docs/product/audiobooks.md#creation); every statement scoped to the learner. */
export function createAudiobookCreationRepository(db: Db) {
  return {
    /** The learner's genres among `ids` (another learner's are not found). */
    findGenres: (userId: string, ids: readonly number[]) =>
      db
        .select({ id: audiobookGenres.id, name: audiobookGenres.name })
        .from(audiobookGenres)
        .where(and(eq(audiobookGenres.userId, userId), inArray(audiobookGenres.id, [...ids]))),

    /** Every live word of the learner's, with what word choice and the usage check read. */
    listWords: (userId: string) =>
      db
        .select({
          id: words.id,
          spanish: words.spanish,
          russian: words.russian,
          needsTranslation: words.needsTranslation,
          listenCount: words.listenCount,
          disabledAt: words.disabledAt,
        })
        .from(words)
        .where(liveWordsOf(userId))
        .orderBy(asc(words.id)),

    hasWords: async (userId: string): Promise<boolean> =>
      (await db.select({ id: words.id }).from(words).where(liveWordsOf(userId)).limit(1)).length > 0,

    /** The book, status processing, with its genre links; counts of the dictionary at this moment. */
    async insertBook(userId: string, book: NewBook): Promise<AudiobookRow> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(audiobooks)
          .values({
            userId,
            title: book.title,
            genre: book.genreNames[0] ?? null,
            genreNames: book.genreNames,
            grammarLevel: book.grammarLevel,
            targetWordCount: book.targetWordCount,
            imageStep: book.imageStep,
            status: 'processing',
          })
          .returning();
        if (!row) throw new Error('no book inserted');
        await tx
          .insert(audiobookGenreLinks)
          .values(book.genreIds.map((genreId) => ({ audiobookId: row.id, genreId, userId })));
        return row;
      });
    },

    async setCreationJob(userId: string, id: number, jobId: string): Promise<AudiobookRow | undefined> {
      const [row] = await db
        .update(audiobooks)
        .set({ creationJobId: jobId })
        .where(ownBook(userId, id))
        .returning();
      return row;
    },

    async findBook(userId: string, id: number): Promise<AudiobookRow | undefined> {
      const [row] = await db.select().from(audiobooks).where(ownBook(userId, id));
      return row;
    },

    /** Step 3: the dictionary's active and passive totals when the book is written. */
    async recordTotals(
      userId: string,
      id: number,
      totals: { active: number; passive: number },
    ): Promise<void> {
      await db
        .update(audiobooks)
        .set({ totalActiveWords: totals.active, totalPassiveWords: totals.passive })
        .where(ownBook(userId, id));
    },

    /** The model's title, unless the learner renamed the book meanwhile (it still has the first title). */
    async retitle(userId: string, id: number, from: string, to: string): Promise<void> {
      await db
        .update(audiobooks)
        .set({ title: to })
        .where(and(ownBook(userId, id), eq(audiobooks.title, from)));
    },

    /**
     * Removes sentences from `orderIndex` on: what a run stored after its last checkpoint, so a resumed
     * run writes that chapter once.
     */
    async dropSentencesFrom(userId: string, audiobookId: number, orderIndex: number): Promise<void> {
      await db
        .delete(audiobookSentences)
        .where(and(ownSentences(userId, audiobookId), gte(audiobookSentences.orderIndex, orderIndex)));
    },

    async appendSentences(
      userId: string,
      audiobookId: number,
      sentences: readonly { orderIndex: number; spanish: string; russian: string }[],
    ): Promise<void> {
      const last = sentences.at(-1);
      if (!last) return;
      await db
        .insert(audiobookSentences)
        .values(sentences.map((sentence) => ({ ...sentence, audiobookId, userId })));
      await db
        .update(audiobooks)
        .set({ sentenceCount: last.orderIndex + 1 })
        .where(ownBook(userId, audiobookId));
    },

    sentences: (userId: string, audiobookId: number): Promise<CreationSentence[]> =>
      db
        .select({
          id: audiobookSentences.id,
          orderIndex: audiobookSentences.orderIndex,
          spanish: audiobookSentences.spanish,
          russian: audiobookSentences.russian,
          audioData: audiobookSentences.audioData,
          secondVoiceAudioData: audiobookSentences.secondVoiceAudioData,
          russianAudioData: audiobookSentences.russianAudioData,
          imageData: audiobookSentences.imageData,
        })
        .from(audiobookSentences)
        .where(ownSentences(userId, audiobookId))
        .orderBy(asc(audiobookSentences.orderIndex)),

    /** The first Spanish clip, with the settings it was made with. */
    async setSentenceAudio(
      userId: string,
      sentenceId: number,
      audio: string,
      settings: ClipSettings,
    ): Promise<void> {
      await db
        .update(audiobookSentences)
        .set(clipColumns('main', audio, settings))
        .where(and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.id, sentenceId)));
    },

    async setSentenceImage(userId: string, sentenceId: number, image: string, style: string): Promise<void> {
      await db
        .update(audiobookSentences)
        .set({ imageData: image, imageStyle: style })
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobookSentences.id, sentenceId),
            isNull(audiobookSentences.imageData),
          ),
        );
    },

    /** Marks the book ready with its counts; false when it is gone (deleted during creation). */
    async finish(userId: string, id: number, book: FinishedBook): Promise<boolean> {
      const rows = await db
        .update(audiobooks)
        .set({ ...book, status: 'ready', error: null })
        .where(and(ownBook(userId, id), eq(audiobooks.status, 'processing')))
        .returning({ id: audiobooks.id });
      return rows.length > 0;
    },

    async markFailed(userId: string, id: number, error: CodedError): Promise<void> {
      await db.update(audiobooks).set({ status: 'failed', error }).where(ownBook(userId, id));
    },
  };
}
export type AudiobookCreationRepository = ReturnType<typeof createAudiobookCreationRepository>;
