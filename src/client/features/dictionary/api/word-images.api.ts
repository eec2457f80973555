import { queryOptions, useQuery } from '@tanstack/react-query';
import { dictionaryPaths, wordImageListSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const wordImagesPath = (wordId: number) => dictionaryPaths.images.replace(':id', String(wordId));

/** The word card's gallery. */
export function fetchWordImages(wordId: number, signal?: AbortSignal) {
  return apiClient.get(wordImagesPath(wordId), wordImageListSchema, { signal });
}

export const wordImagesQueryOptions = (wordId: number) =>
  queryOptions({
    queryKey: queryKeys.words.images(wordId),
    queryFn: ({ signal }) => fetchWordImages(wordId, signal),
    // A picture made a moment ago must show when the card opens.
    staleTime: 0,
  });

export function useWordImages(wordId: number | null) {
  return useQuery({ ...wordImagesQueryOptions(wordId ?? 0), enabled: wordId !== null });
}
