import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  type generateAudioRequestSchema,
  generateAudioResponseSchema,
  providerPaths,
} from '../../../shared/api/providers';
import { apiClient } from '../api-client';

export type GenerateAudioRequest = z.input<typeof generateAudioRequestSchema>;

/**
 * One clip in one voice (cached on the server, docs/product/providers.md#audio-cache); the Audio tab uses it
 * for voice samples.
 */
export function generateAudio(body: GenerateAudioRequest) {
  return apiClient.post(providerPaths.generateAudio, generateAudioResponseSchema, { body });
}

export function useGenerateAudio() {
  return useMutation({ mutationFn: generateAudio });
}
