import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audiobookGenreLinks, audiobookImageSeries, audiobookSentences, audiobooks } from '../../db/schema';
import type { AudiobookRow, SeriesBadge } from './audiobook-view';
import { type ClipSettings, clipColumns } from './sentence-clip-settings';

export type SentenceRow = typeof audiobookSentences.$inferSelect;
/** A sentence's three clips: the first and second Spanish voices and the Russian one. */
export type SentenceClipSlot = 'main' | 'second' | 'russian';

/** A book row with what its view needs besides: its genre links and the badge of its selected series. */
export interface BookWithLinks {
  row: AudiobookRow;
  genreIds: number[];
  selectedSeries: SeriesBadge | null;
}

/** The learner's books and their sentences (docs/product/audiobooks.md#library); all scoped to the learner. */
export function createAudiobooksRepository(db: Db) {
  async function withLinks(rows: AudiobookRow[], userId: string): Promise<BookWithLinks[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const links = await db
      .select({ audiobookId: audiobookGenreLinks.audiobookId, genreId: audiobookGenreLinks.genreId })
      .from(audiobookGenreLinks)
      .where(and(eq(audiobookGenreLinks.userId, userId), inArray(audiobookGenreLinks.audiobookId, ids)))
      .orderBy(asc(audiobookGenreLinks.genreId));
    const seriesIds = rows.flatMap((row) =>
      row.selectedImageSeriesId === null ? [] : [row.selectedImageSeriesId],
    );
    const series =
      seriesIds.length === 0
        ? []
        : await db
            .select({
              id: audiobookImageSeries.id,
              serviceProvider: audiobookImageSeries.serviceProvider,
              imageStyle: audiobookImageSeries.imageStyle,
              styleName: audiobookImageSeries.styleName,
            })
            .from(audiobookImageSeries)
            .where(and(eq(audiobookImageSeries.userId, userId), inArray(audiobookImageSeries.id, seriesIds)));
    const seriesById = new Map(series.map((badge) => [badge.id, badge]));
    return rows.map((row) => ({
      row,
      genreIds: links.filter((link) => link.audiobookId === row.id).map((link) => link.genreId),
      selectedSeries:
        row.selectedImageSeriesId === null ? null : (seriesById.get(row.selectedImageSeriesId) ?? null),
    }));
  }

  const ownBook = (userId: string, id: number) => and(eq(audiobooks.userId, userId), eq(audiobooks.id, id));

  return {
    async list(userId: string): Promise<BookWithLinks[]> {
      const rows = await db
        .select()
        .from(audiobooks)
        .where(eq(audiobooks.userId, userId))
        .orderBy(desc(audiobooks.createdAt), desc(audiobooks.id));
      return withLinks(rows, userId);
    },

    async find(userId: string, id: number): Promise<BookWithLinks | undefined> {
      const rows = await db.select().from(audiobooks).where(ownBook(userId, id));
      return (await withLinks(rows, userId))[0];
    },

    /** True when the learner's book was renamed; false when they have no such book. */
    async rename(userId: string, id: number, title: string): Promise<boolean> {
      const rows = await db
        .update(audiobooks)
        .set({ title })
        .where(ownBook(userId, id))
        .returning({ id: audiobooks.id });
      return rows.length > 0;
    },

    /** Deletes the book; its sentences, links and series go with it (foreign keys cascade). */
    async delete(userId: string, id: number): Promise<boolean> {
      const rows = await db.delete(audiobooks).where(ownBook(userId, id)).returning({ id: audiobooks.id });
      return rows.length > 0;
    },

    async findSentence(
      userId: string,
      audiobookId: number,
      sentenceId: number,
    ): Promise<SentenceRow | undefined> {
      const [row] = await db
        .select()
        .from(audiobookSentences)
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobookSentences.audiobookId, audiobookId),
            eq(audiobookSentences.id, sentenceId),
          ),
        );
      return row;
    },

    /** Keeps a clip made on demand on its sentence, with the settings it was made with. */
    async setSentenceClip(
      userId: string,
      sentenceId: number,
      slot: SentenceClipSlot,
      audio: string,
      settings: ClipSettings,
    ) {
      await db
        .update(audiobookSentences)
        .set(clipColumns(slot, audio, settings))
        .where(and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.id, sentenceId)));
    },

    sentences: (userId: string, audiobookId: number): Promise<SentenceRow[]> =>
      db
        .select()
        .from(audiobookSentences)
        .where(and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.audiobookId, audiobookId)))
        .orderBy(asc(audiobookSentences.orderIndex)),
  };
}
export type AudiobooksRepository = ReturnType<typeof createAudiobooksRepository>;
