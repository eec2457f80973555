import { completeSpacedRepetitionResponseSchema, learnPath, learnPaths } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';

/**
 * `POST /api/words/:id/complete-spaced-repetition`: a due word was played through, so its next interval
 * starts. Called by the player, not by a control; a failure is only logged.
 */
export function completeSpacedRepetition(wordId: number) {
  return apiClient.post(
    learnPath(learnPaths.completeSpacedRepetition, wordId),
    completeSpacedRepetitionResponseSchema,
  );
}
