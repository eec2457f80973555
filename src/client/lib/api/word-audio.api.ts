import { learnPath, learnPaths, wordAudioResponseSchema } from '../../../shared/api/learn';
import { apiClient } from '../api-client';

/**
 * `GET /api/words/:id/audio`: the card's three clips, missing ones made on demand by the server. Learn's
 * audio loader and review's clip button call it and keep the answer per word, so there is no query of
 * its own.
 */
export function fetchWordAudio(wordId: number, signal?: AbortSignal) {
  return apiClient.get(learnPath(learnPaths.audio, wordId), wordAudioResponseSchema, { signal });
}
