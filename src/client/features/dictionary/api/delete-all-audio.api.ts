import { dictionaryPaths, deleteAllAudioResponseSchema } from '../../../../shared/api/dictionary';
import { apiClient } from '../../../lib/api-client';

/** Drops the learner's audio references and cached clips; playback synthesises them again on demand. */
export function deleteAllAudio() {
  return apiClient.delete(dictionaryPaths.deleteAllAudio, deleteAllAudioResponseSchema);
}
