import { queryOptions, useQuery } from '@tanstack/react-query';
import { modelsResponseSchema, providerPaths } from '../../../../shared/api/providers';
import type { Settings } from '../../../../shared/api/settings';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export async function fetchModels(signal?: AbortSignal) {
  const { models } = await apiClient.get(providerPaths.models, modelsResponseSchema, { signal });
  return models;
}

type KeyIdentity = Pick<Settings, 'hasOpenaiApiKey' | 'openaiApiKeyHint' | 'openaiBaseUrl'>;

/**
 * Keyed by what identifies the saved key (its masked hint and endpoint), so a new key loads a new list
 * (docs/product/settings.md#key-check) while the key itself never reaches the browser
 * (docs/product/providers.md#keys).
 */
export const modelsQueryOptions = ({ hasOpenaiApiKey, openaiApiKeyHint, openaiBaseUrl }: KeyIdentity) =>
  queryOptions({
    queryKey: queryKeys.providers.modelsFor({ hint: openaiApiKeyHint, baseUrl: openaiBaseUrl }),
    queryFn: ({ signal }) => fetchModels(signal),
    enabled: hasOpenaiApiKey,
    retry: 1,
  });

/** Loads when a key exists; without one it stays empty (disabled), so the list clears with the key. */
export function useModels(identity: KeyIdentity) {
  return useQuery(modelsQueryOptions(identity));
}
