import { useMutation } from '@tanstack/react-query';
import {
  regenerateTranslationsResponseSchema,
  wordMaintenancePaths,
} from '../../../../shared/api/word-maintenance';
import { apiClient } from '../../../lib/api-client';

/** Starts re-translating every word; progress and corrections arrive over `/ws`. */
export function regenerateTranslations() {
  return apiClient.post(wordMaintenancePaths.regenerateTranslations, regenerateTranslationsResponseSchema);
}

export function useRegenerateTranslations() {
  return useMutation({ mutationFn: regenerateTranslations });
}
