import { queryOptions, useQuery } from '@tanstack/react-query';
import { providerPaths, voicesResponseSchema } from '../../../../shared/api/providers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Every voice the learner can choose: ElevenLabs, OpenAI and the built-in offline ones
 * (docs/product/providers.md#built-in-voices).
 */
export function fetchVoices(signal?: AbortSignal) {
  return apiClient.get(providerPaths.voices, voicesResponseSchema, { signal });
}

export const voicesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.providers.voices,
    queryFn: ({ signal }) => fetchVoices(signal),
    // The list changes only when a key does; the refresh button asks again on purpose.
    staleTime: 10 * 60 * 1000,
    // The server already retried the provider; one more try is enough before saying it failed.
    retry: 1,
  });

export function useVoices() {
  return useQuery(voicesQueryOptions());
}
