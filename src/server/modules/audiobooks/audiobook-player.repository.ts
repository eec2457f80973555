import { and, asc, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { clampedSum } from '../../db/counters';
import { audiobookSentences, audiobooks } from '../../db/schema';
import type { SentenceClipSlot, SentenceRow } from './audiobooks.repository';
import { clipColumns } from './sentence-clip-settings';

/** Each slot's clip and the settings it was made with, cleared. */
const CLIP_COLUMNS: Readonly<Record<SentenceClipSlot, Partial<SentenceRow>>> = {
  main: clipColumns('main', null, null),
  second: clipColumns('second', null, null),
  russian: clipColumns('russian', null, null),
};

/** What the player changes on a book and its sentences (docs/product/audiobooks.md#player); scoped to the learner. */
export function createAudiobookPlayerRepository(db: Db) {
  const ownBook = (userId: string, id: number) => and(eq(audiobooks.userId, userId), eq(audiobooks.id, id));
  const ownSentence = (userId: string, sentenceId: number) =>
    and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.id, sentenceId));
  /** Counts kept on the book are recounted under its row lock: concurrent recounts would write stale totals. */
  const lockBook = (tx: Pick<Db, 'select'>, userId: string, audiobookId: number) =>
    tx.select({ id: audiobooks.id }).from(audiobooks).where(ownBook(userId, audiobookId)).for('update');

  return {
    /**
     * Raises a sentence's listen count to `listenCount` (never lowers it) and sums the book's, held at the
     * column's range; undefined when the learner's book has no sentence at that index.
     */
    async raiseListenCount(userId: string, audiobookId: number, orderIndex: number, listenCount: number) {
      return db.transaction(async (tx) => {
        // The book row is locked first, so a concurrent listen's sum never overwrites this one's.
        await lockBook(tx, userId, audiobookId);
        const [sentence] = await tx
          .update(audiobookSentences)
          .set({ listenCount: sql`greatest(${audiobookSentences.listenCount}, ${listenCount})` })
          .where(
            and(
              eq(audiobookSentences.userId, userId),
              eq(audiobookSentences.audiobookId, audiobookId),
              eq(audiobookSentences.orderIndex, orderIndex),
            ),
          )
          .returning({ listenCount: audiobookSentences.listenCount });
        if (!sentence) return undefined;
        const [book] = await tx
          .update(audiobooks)
          .set({
            listenCount: clampedSum(
              audiobookSentences.listenCount,
              sql`from ${audiobookSentences} where ${audiobookSentences.audiobookId} = ${audiobookId}`,
            ),
            lastPlayedAt: new Date(),
          })
          .where(ownBook(userId, audiobookId))
          .returning({ listenCount: audiobooks.listenCount });
        return { listenCount: sentence.listenCount, bookListenCount: book?.listenCount ?? 0 };
      });
    },

    async position(userId: string, audiobookId: number) {
      const [row] = await db
        .select({ position: audiobooks.lastPlayedPosition, sentenceCount: audiobooks.sentenceCount })
        .from(audiobooks)
        .where(ownBook(userId, audiobookId));
      return row;
    },

    /** Saves the position clamped to the book's sentences; undefined when the learner has no such book. */
    async savePosition(userId: string, audiobookId: number, position: number) {
      const [row] = await db
        .update(audiobooks)
        .set({
          lastPlayedPosition: sql`least(${position}, greatest(${audiobooks.sentenceCount} - 1, 0))`,
          lastPlayedAt: new Date(),
        })
        .where(ownBook(userId, audiobookId))
        .returning({ position: audiobooks.lastPlayedPosition });
      return row;
    },

    /** Forgets the sentence's clips of these voices, so the next play makes them again. */
    async clearClips(userId: string, sentenceId: number, slots: readonly SentenceClipSlot[]) {
      if (slots.length === 0) return;
      await db
        .update(audiobookSentences)
        .set(Object.assign({}, ...slots.map((slot) => CLIP_COLUMNS[slot])) as Partial<SentenceRow>)
        .where(ownSentence(userId, sentenceId));
    },

    /** New text for a sentence; the clips that spoke the old text go with it. */
    async setSentenceText(
      userId: string,
      sentenceId: number,
      text: { spanish: string } | { russian: string },
    ): Promise<SentenceRow | undefined> {
      const clips =
        'spanish' in text ? { ...CLIP_COLUMNS.main, ...CLIP_COLUMNS.second } : CLIP_COLUMNS.russian;
      const [row] = await db
        .update(audiobookSentences)
        .set({ ...text, ...clips })
        .where(ownSentence(userId, sentenceId))
        .returning();
      return row;
    },

    /** The sentence's own picture, replaced; the book's picture count follows. */
    async setSentenceImage(
      userId: string,
      audiobookId: number,
      sentenceId: number,
      image: string,
      style: string,
    ) {
      await db.transaction(async (tx) => {
        await lockBook(tx, userId, audiobookId);
        await tx
          .update(audiobookSentences)
          .set({ imageData: image, imageStyle: style })
          .where(ownSentence(userId, sentenceId));
        await tx
          .update(audiobooks)
          .set({
            imageCount: sql`(select count(*)::int from ${audiobookSentences} where ${audiobookSentences.audiobookId} = ${audiobookId} and ${audiobookSentences.imageData} is not null)`,
          })
          .where(ownBook(userId, audiobookId));
      });
    },

    async setCover(userId: string, audiobookId: number, image: string): Promise<boolean> {
      const rows = await db
        .update(audiobooks)
        .set({ coverImageData: image })
        .where(ownBook(userId, audiobookId))
        .returning({ id: audiobooks.id });
      return rows.length > 0;
    },

    /** How many sentences have each clip, and how many there are. */
    async clipCounts(userId: string, audiobookId: number) {
      const scope = and(
        eq(audiobookSentences.userId, userId),
        eq(audiobookSentences.audiobookId, audiobookId),
      );
      const [row] = await db
        .select({
          total: count(),
          main: count(audiobookSentences.audioData),
          second: count(audiobookSentences.secondVoiceAudioData),
          russian: count(audiobookSentences.russianAudioData),
        })
        .from(audiobookSentences)
        .where(scope);
      return row ?? { total: 0, main: 0, second: 0, russian: 0 };
    },

    /** The learner's sentences of finished books that have no first Spanish clip yet. */
    async sentencesWithoutAudio(userId: string): Promise<number> {
      const [row] = await db
        .select({ count: count() })
        .from(audiobookSentences)
        .innerJoin(audiobooks, eq(audiobooks.id, audiobookSentences.audiobookId))
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobooks.status, 'ready'),
            isNull(audiobookSentences.audioData),
          ),
        );
      return row?.count ?? 0;
    },

    /** The book's own pictures by style. */
    async originalImageStyles(userId: string, audiobookId: number) {
      return db
        .select({ imageStyle: audiobookSentences.imageStyle, count: count() })
        .from(audiobookSentences)
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobookSentences.audiobookId, audiobookId),
            isNotNull(audiobookSentences.imageData),
          ),
        )
        .groupBy(audiobookSentences.imageStyle)
        .orderBy(asc(audiobookSentences.imageStyle));
    },

    /** Keeps the book's clip counts true after clips were made or forgotten. */
    async refreshClipCounts(userId: string, audiobookId: number) {
      const ofBook = sql`from ${audiobookSentences} where ${audiobookSentences.audiobookId} = ${audiobookId}`;
      await db
        .update(audiobooks)
        .set({
          mainAudioCount: sql`(select count(${audiobookSentences.audioData})::int ${ofBook})`,
          secondVoiceCount: sql`(select count(${audiobookSentences.secondVoiceAudioData})::int ${ofBook})`,
          russianAudioCount: sql`(select count(${audiobookSentences.russianAudioData})::int ${ofBook})`,
        })
        .where(ownBook(userId, audiobookId));
    },
  };
}
export type AudiobookPlayerRepository = ReturnType<typeof createAudiobookPlayerRepository>;
