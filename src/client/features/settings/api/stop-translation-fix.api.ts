import { useMutation } from '@tanstack/react-query';
import {
  stopTranslationFixResponseSchema,
  wordMaintenancePaths,
} from '../../../../shared/api/word-maintenance';
import { apiClient } from '../../../lib/api-client';

export function stopTranslationFix() {
  return apiClient.post(wordMaintenancePaths.stopTranslationFix, stopTranslationFixResponseSchema);
}

export function useStopTranslationFix() {
  return useMutation({ mutationFn: stopTranslationFix });
}
