import { queryOptions, useQuery } from '@tanstack/react-query';
import { audiobookPaths, type GenreSort, genreListSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** The learner's genres, the twelve built-ins among them (docs/product/audiobooks.md#genres). */
export function fetchAudiobookGenres(sortBy: GenreSort, signal?: AbortSignal) {
  return apiClient.get(audiobookPaths.genres, genreListSchema, { query: { sortBy }, signal });
}

export const audiobookGenresQueryOptions = (sortBy: GenreSort) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.genres(sortBy),
    queryFn: ({ signal }) => fetchAudiobookGenres(sortBy, signal),
  });

export function useAudiobookGenres(sortBy: GenreSort = 'name') {
  return useQuery(audiobookGenresQueryOptions(sortBy));
}
