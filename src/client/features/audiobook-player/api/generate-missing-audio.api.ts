import { useMutation } from '@tanstack/react-query';
import { generateMissingAudioResponseSchema, playerPathOf } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';

/** `POST …/generate-missing-audio`: starts the job that makes every missing clip; its id to follow. */
export function generateMissingAudio(id: number) {
  return apiClient.post(playerPathOf.generateMissingAudio(id), generateMissingAudioResponseSchema);
}

export function useGenerateMissingAudio() {
  return useMutation({ mutationFn: generateMissingAudio });
}
