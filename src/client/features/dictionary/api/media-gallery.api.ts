import { queryOptions, useQuery } from '@tanstack/react-query';
import { dictionaryPaths, mediaGallerySchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** 'Медиатека': every generated picture for the word, with its style, format and date. */
export function fetchMediaGallery(wordId: number, signal?: AbortSignal) {
  return apiClient.get(dictionaryPaths.mediaGallery.replace(':id', String(wordId)), mediaGallerySchema, {
    signal,
  });
}

export const mediaGalleryQueryOptions = (wordId: number) =>
  queryOptions({
    queryKey: queryKeys.words.mediaGallery(wordId),
    queryFn: ({ signal }) => fetchMediaGallery(wordId, signal),
    staleTime: 0,
  });

export function useMediaGallery(wordId: number | null) {
  return useQuery({ ...mediaGalleryQueryOptions(wordId ?? 0), enabled: wordId !== null });
}
