import { and, asc, eq, sql } from 'drizzle-orm';
import type { GenreSort } from '../../../shared/api/audiobooks';
import { BUILTIN_AUDIOBOOK_GENRES } from '../../../shared/catalogs/audiobook-genres';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { audiobookGenreLinks, audiobookGenres, audiobooks } from '../../db/schema';

export type GenreRow = typeof audiobookGenres.$inferSelect;

/** The learner's genres (docs/product/audiobooks.md#genres); every statement is scoped to the learner. */
export function createAudiobookGenresRepository(db: Db) {
  return {
    /**
     * Adds the built-in genres the learner lacks. `ON CONFLICT DO NOTHING` on the (learner, name) key makes
     * two first reads at once harmless: each inserts what is missing and neither fails.
     */
    async ensureBuiltins(userId: string): Promise<void> {
      await db
        .insert(audiobookGenres)
        .values(BUILTIN_AUDIOBOOK_GENRES.map((name) => ({ userId, name })))
        .onConflictDoNothing();
    },

    /** By stored name (a built-in's key) or by creation; the client orders names by the label it shows. */
    list: (userId: string, sortBy: GenreSort): Promise<GenreRow[]> =>
      db
        .select()
        .from(audiobookGenres)
        .where(eq(audiobookGenres.userId, userId))
        .orderBy(
          ...(sortBy === 'name'
            ? [asc(sql`lower(${audiobookGenres.name})`), asc(audiobookGenres.id)]
            : [asc(audiobookGenres.createdAt), asc(audiobookGenres.id)]),
        ),

    /** The new genre, or undefined when the learner already has one of this name. */
    async insert(userId: string, name: string): Promise<GenreRow | undefined> {
      try {
        const [row] = await db.insert(audiobookGenres).values({ userId, name }).returning();
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      }
    },

    async find(userId: string, id: number): Promise<GenreRow | undefined> {
      const [row] = await db
        .select()
        .from(audiobookGenres)
        .where(and(eq(audiobookGenres.userId, userId), eq(audiobookGenres.id, id)));
      return row;
    },

    /**
     * Deletes the genre and takes its name out of the books that had it (the links go with the row), in
     * one transaction, so no book keeps naming a genre that no longer exists.
     */
    async delete(userId: string, genre: GenreRow): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .update(audiobooks)
          .set({
            genreNames: sql`COALESCE((SELECT jsonb_agg(name) FROM jsonb_array_elements_text(${audiobooks.genreNames}) AS name WHERE name <> ${genre.name}), '[]'::jsonb)`,
            genre: sql`(SELECT name FROM jsonb_array_elements_text(${audiobooks.genreNames}) WITH ORDINALITY AS t(name, position) WHERE name <> ${genre.name} ORDER BY position LIMIT 1)`,
          })
          .where(and(eq(audiobooks.userId, userId), sql`${audiobooks.genreNames} ? ${genre.name}`));
        await tx
          .delete(audiobookGenreLinks)
          .where(and(eq(audiobookGenreLinks.userId, userId), eq(audiobookGenreLinks.genreId, genre.id)));
        await tx
          .delete(audiobookGenres)
          .where(and(eq(audiobookGenres.userId, userId), eq(audiobookGenres.id, genre.id)));
      });
    },
  };
}
export type AudiobookGenresRepository = ReturnType<typeof createAudiobookGenresRepository>;
