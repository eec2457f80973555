import { queryOptions, useQuery } from '@tanstack/react-query';
import { audiobookSentenceListSchema, dictionaryPaths } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** docs/product/dictionary.md#audiobook-sentences: the sentences are cached for 5 minutes. */
export const AUDIOBOOK_SENTENCES_STALE_TIME_MS = 5 * 60 * 1000;

export function fetchAudiobookSentences(wordId: number, signal?: AbortSignal) {
  return apiClient.get(
    dictionaryPaths.audiobookSentences.replace(':id', String(wordId)),
    audiobookSentenceListSchema,
    { signal },
  );
}

export const audiobookSentencesQueryOptions = (wordId: number) =>
  queryOptions({
    queryKey: queryKeys.words.audiobookSentences(wordId),
    queryFn: ({ signal }) => fetchAudiobookSentences(wordId, signal),
    staleTime: AUDIOBOOK_SENTENCES_STALE_TIME_MS,
    gcTime: AUDIOBOOK_SENTENCES_STALE_TIME_MS,
  });

export function useAudiobookSentences(wordId: number | null) {
  return useQuery({ ...audiobookSentencesQueryOptions(wordId ?? 0), enabled: wordId !== null });
}
