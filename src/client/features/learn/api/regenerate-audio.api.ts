import { learnPath, learnPaths, regenerateAudioResponseSchema } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';

/** `POST /api/words/:id/regenerate-audio` {forceRegenerate: true}: the card's three clips spoken anew. */
export function regenerateAudio(wordId: number) {
  return apiClient.post(learnPath(learnPaths.regenerateAudio, wordId), regenerateAudioResponseSchema, {
    body: { forceRegenerate: true },
  });
}
