import { dictionaryPaths, resetListenCountResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/**
 * Sets every word's listen count back to 0, answering the token that undoes it
 * (docs/product/dictionary.md#maintenance-actions).
 */
export function resetListenCount() {
  return apiClient.post(dictionaryPaths.resetListenCount, resetListenCountResponseSchema);
}
