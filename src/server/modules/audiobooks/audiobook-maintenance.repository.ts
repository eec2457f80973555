import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { audiobookGenreLinks, audiobookGenres, audiobookSentences, audiobooks } from '../../db/schema';
import type { FinishedBook } from './audiobook-creation.repository';
import type { AudiobookRow } from './audiobook-view';

/** Counts maintenance writes: those creation's last step writes, and the clips of the other two voices. */
export type BookCounts = Partial<FinishedBook & Pick<AudiobookRow, 'secondVoiceCount' | 'russianAudioCount'>>;

const ownBook = (userId: string, id: number) => and(eq(audiobooks.userId, userId), eq(audiobooks.id, id));

/** The SQL of the library's maintenance (docs/product/audiobooks.md#maintenance); all scoped to the learner. */
export function createAudiobookMaintenanceRepository(db: Db) {
  return {
    /** The learner's finished books (one being written is its job's to count). */
    books: (userId: string): Promise<AudiobookRow[]> =>
      db
        .select()
        .from(audiobooks)
        .where(and(eq(audiobooks.userId, userId), inArray(audiobooks.status, ['ready', 'failed']))),

    async updateBook(userId: string, id: number, counts: BookCounts): Promise<void> {
      await db.update(audiobooks).set(counts).where(ownBook(userId, id));
    },

    /** Every genre link of the learner's books, with the genre's name. */
    links: (userId: string) =>
      db
        .select({
          audiobookId: audiobookGenreLinks.audiobookId,
          genreId: audiobookGenreLinks.genreId,
          name: audiobookGenres.name,
        })
        .from(audiobookGenreLinks)
        .innerJoin(audiobookGenres, eq(audiobookGenres.id, audiobookGenreLinks.genreId))
        .where(eq(audiobookGenreLinks.userId, userId)),

    /** The learner's genre ids by name, adding the names they lack. */
    async genreIdsByName(userId: string, names: readonly string[]): Promise<Map<string, number>> {
      if (names.length === 0) return new Map();
      await db
        .insert(audiobookGenres)
        .values(names.map((name) => ({ userId, name })))
        .onConflictDoNothing();
      const rows = await db
        .select({ id: audiobookGenres.id, name: audiobookGenres.name })
        .from(audiobookGenres)
        .where(and(eq(audiobookGenres.userId, userId), inArray(audiobookGenres.name, [...names])));
      return new Map(rows.map((row) => [row.name, row.id]));
    },

    async addLinks(userId: string, audiobookId: number, genreIds: readonly number[]): Promise<void> {
      if (genreIds.length === 0) return;
      await db
        .insert(audiobookGenreLinks)
        .values(genreIds.map((genreId) => ({ audiobookId, genreId, userId })))
        .onConflictDoNothing();
    },

    async removeLinks(userId: string, audiobookId: number, genreIds: readonly number[]): Promise<void> {
      if (genreIds.length === 0) return;
      await db
        .delete(audiobookGenreLinks)
        .where(
          and(
            eq(audiobookGenreLinks.userId, userId),
            eq(audiobookGenreLinks.audiobookId, audiobookId),
            inArray(audiobookGenreLinks.genreId, [...genreIds]),
          ),
        );
    },

    async setGenreNames(userId: string, id: number, genreNames: string[]): Promise<void> {
      await db
        .update(audiobooks)
        .set({ genreNames, genre: genreNames[0] ?? null })
        .where(ownBook(userId, id));
    },

    /** A corrected sentence: its clips spoke the old text, so they go (made again on demand). */
    async correctSentence(
      userId: string,
      audiobookId: number,
      orderIndex: number,
      texts: { spanish: string; russian: string },
    ): Promise<boolean> {
      const rows = await db
        .update(audiobookSentences)
        .set({ ...texts, audioData: null, secondVoiceAudioData: null, russianAudioData: null })
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobookSentences.audiobookId, audiobookId),
            eq(audiobookSentences.orderIndex, orderIndex),
          ),
        )
        .returning({ id: audiobookSentences.id });
      return rows.length > 0;
    },
  };
}
export type AudiobookMaintenanceRepository = ReturnType<typeof createAudiobookMaintenanceRepository>;
