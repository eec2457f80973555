import { learnPath, learnPaths, regenerateAudioResponseSchema } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/words/:id/regenerate-audio` without force: the clips an edit cleared are made now, with the
 * learner's voices (docs/product/dictionary.md#word-editing); the clips still valid are kept.
 */
export function regenerateWordClips(wordId: number) {
  return apiClient.post(learnPath(learnPaths.regenerateAudio, wordId), regenerateAudioResponseSchema, {
    body: {},
  });
}
