import { learnPath, learnPaths, wordAudioResponseSchema } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';

/**
 * `GET /api/words/:id/audio`: the card's three clips, missing ones made on demand by the server. The
 * player's audio loader calls it and keeps the answer per word, so there is no query of its own.
 */
export function fetchWordAudio(wordId: number, signal?: AbortSignal) {
  return apiClient.get(learnPath(learnPaths.audio, wordId), wordAudioResponseSchema, { signal });
}
