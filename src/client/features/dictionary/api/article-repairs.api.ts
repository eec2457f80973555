import { queryOptions, useQuery } from '@tanstack/react-query';
import { articleRepairsResponseSchema, wordMaintenancePaths } from '../../../../shared/api/word-maintenance';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * 'Слова с лишним артиклем' (docs/product/dictionary.md#words-to-repair): under the words' key, so an edit
 * of any word asks for the list again.
 */
export function fetchArticleRepairs(signal?: AbortSignal) {
  return apiClient.get(wordMaintenancePaths.articleRepairs, articleRepairsResponseSchema, { signal });
}

export const articleRepairsQueryOptions = queryOptions({
  queryKey: [...queryKeys.words.all, 'article-repairs'] as const,
  queryFn: ({ signal }) => fetchArticleRepairs(signal),
  staleTime: 0,
});

export function useArticleRepairs(isWanted: boolean) {
  return useQuery({ ...articleRepairsQueryOptions, enabled: isWanted });
}
