import { useMutation } from '@tanstack/react-query';
import { dictionaryPaths, resetListenCountResponseSchema } from '../../../shared/api/dictionary';
import { apiClient } from '../api-client';

/**
 * Sets every word's listen count back to 0: the dictionary's maintenance action, and the upload
 * screen's button (docs/product/overview.md#shared-request-behaviour).
 */
export function resetListenCount() {
  return apiClient.post(dictionaryPaths.resetListenCount, resetListenCountResponseSchema);
}

export function useResetListenCount() {
  return useMutation({ mutationFn: resetListenCount });
}
