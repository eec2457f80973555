import { queryOptions } from '@tanstack/react-query';
import { audiobookPathOf, sentenceListSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A book's sentences: the card's picture cycling reads them once, when first asked. */
export function fetchAudiobookSentences(id: number, signal?: AbortSignal) {
  return apiClient.get(audiobookPathOf.sentences(id), sentenceListSchema, { signal });
}

export const audiobookSentencesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.sentences(id),
    queryFn: ({ signal }) => fetchAudiobookSentences(id, signal),
  });
