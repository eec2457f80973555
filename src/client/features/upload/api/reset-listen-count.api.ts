import { useMutation } from '@tanstack/react-query';
import { dictionaryPaths, resetListenCountResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Spec part 1 §7: the same call as the dictionary's maintenance action. */
export function resetListenCount() {
  return apiClient.post(dictionaryPaths.resetListenCount, resetListenCountResponseSchema);
}

export function useResetListenCount() {
  return useMutation({ mutationFn: resetListenCount });
}
