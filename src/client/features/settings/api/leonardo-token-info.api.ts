import { queryOptions, useQuery } from '@tanstack/react-query';
import { leonardoTokenInfoResponseSchema, providerPaths } from '../../../../shared/api/providers';
import type { Settings } from '../../../../shared/api/settings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * An empty body asks about the learner's saved key, which the browser never holds
 * (docs/product/providers.md#keys).
 */
export function fetchLeonardoTokenInfo(signal?: AbortSignal) {
  return apiClient.post(providerPaths.leonardoTokenInfo, leonardoTokenInfoResponseSchema, {
    body: {},
    signal,
  });
}

/** Keyed by the saved key's hint, so a new key shows its own balance. */
export const leonardoTokenInfoQueryOptions = ({
  hasLeonardoApiKey,
  leonardoApiKeyHint,
}: Pick<Settings, 'hasLeonardoApiKey' | 'leonardoApiKeyHint'>) =>
  queryOptions({
    queryKey: queryKeys.providers.leonardoTokenInfoFor(leonardoApiKeyHint),
    queryFn: ({ signal }) => fetchLeonardoTokenInfo(signal),
    enabled: hasLeonardoApiKey,
    staleTime: 60 * 1000,
    // Key checks are rate-limited per learner; a failed balance is shown, not hammered.
    retry: false,
  });

export function useLeonardoTokenInfo(settings: Pick<Settings, 'hasLeonardoApiKey' | 'leonardoApiKeyHint'>) {
  return useQuery(leonardoTokenInfoQueryOptions(settings));
}
