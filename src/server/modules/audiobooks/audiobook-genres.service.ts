import type { Genre, GenreSort } from '../../../shared/api/audiobooks';
import { isBuiltinAudiobookGenre } from '../../../shared/catalogs/audiobook-genres';
import { AppError } from '../../http/app-error';
import type { AudiobookGenresRepository, GenreRow } from './audiobook-genres.repository';

const genreOf = (row: GenreRow): Genre => ({
  id: row.id,
  name: row.name,
  isBuiltin: isBuiltinAudiobookGenre(row.name),
  createdAt: row.createdAt.toISOString(),
});

/**
 * docs/product/audiobooks.md#genres: the twelve built-ins are added on the first read; a learner's own
 * genre is any other name they do not have yet; built-ins cannot be deleted. Sorting by name is the
 * client's (it sorts by the label it shows), so the server answers in creation order for both sorts.
 */
export function createAudiobookGenresService(deps: { genres: AudiobookGenresRepository }) {
  const { genres } = deps;
  return {
    async list(userId: string, sortBy: GenreSort): Promise<Genre[]> {
      await genres.ensureBuiltins(userId);
      return (await genres.list(userId, sortBy)).map(genreOf);
    },

    async create(userId: string, name: string): Promise<Genre> {
      // A built-in key is a name the learner already has (they all do, read or not).
      if (isBuiltinAudiobookGenre(name)) throw new AppError('genre_exists', 409);
      const row = await genres.insert(userId, name);
      if (!row) throw new AppError('genre_exists', 409);
      return genreOf(row);
    },

    async delete(userId: string, id: number): Promise<{ id: number }> {
      const row = await genres.find(userId, id);
      if (!row) throw new AppError('genre_not_found', 404);
      if (isBuiltinAudiobookGenre(row.name)) throw new AppError('genre_builtin', 409);
      await genres.delete(userId, row);
      return { id };
    },
  };
}
export type AudiobookGenresService = ReturnType<typeof createAudiobookGenresService>;
