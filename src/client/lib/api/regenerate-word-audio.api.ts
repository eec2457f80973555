import { learnPath, learnPaths, regenerateAudioResponseSchema } from '../../../shared/api/learn';
import { apiClient } from '../api-client';

/**
 * `POST /api/words/:id/regenerate-audio`: with `force`, the card's three clips spoken anew (Learn's menu);
 * without, only the clips an edit cleared are made, with the learner's voices, and the valid ones kept
 * (docs/product/dictionary.md#word-editing).
 */
export function regenerateWordAudio(wordId: number, options: { force: boolean }) {
  return apiClient.post(learnPath(learnPaths.regenerateAudio, wordId), regenerateAudioResponseSchema, {
    body: options.force ? { forceRegenerate: true } : {},
  });
}
