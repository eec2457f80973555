import { queryOptions, useQuery } from '@tanstack/react-query';
import { audiobookPathOf, sentenceListSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';
import { PLAYER_READ_RETRY } from './player-retry';

export function fetchSentences(id: number, signal?: AbortSignal) {
  return apiClient.get(audiobookPathOf.sentences(id), sentenceListSchema, { signal });
}

export const sentencesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: queryKeys.audiobooks.sentences(id),
    queryFn: ({ signal }) => fetchSentences(id, signal),
    // Read afresh whenever the player opens: which stored clips it must ask for again depends on the
    // learner's voices and speed at that moment (docs/product/audiobooks.md#clips-and-the-learners-settings).
    staleTime: 0,
    ...PLAYER_READ_RETRY,
  });

export function useSentences(id: number, options: { isEnabled: boolean }) {
  return useQuery({ ...sentencesQueryOptions(id), enabled: options.isEnabled });
}
