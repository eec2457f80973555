import { useMutation } from '@tanstack/react-query';
import {
  regenerateAllRussianAudioResponseSchema,
  wordMaintenancePaths,
} from '../../../../shared/api/word-maintenance';
import { apiClient } from '../../../lib/api-client';

/** Starts a job re-synthesising every Russian clip; it reports over `/ws` as `jobProgress`. */
export function regenerateAllRussianAudio() {
  return apiClient.post(
    wordMaintenancePaths.regenerateAllRussianAudio,
    regenerateAllRussianAudioResponseSchema,
  );
}

export function useRegenerateAllRussianAudio() {
  return useMutation({ mutationFn: regenerateAllRussianAudio });
}
