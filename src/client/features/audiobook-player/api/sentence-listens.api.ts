import { playerPathOf, sentenceListensResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';

/**
 * `PATCH …/sentences/:orderIndex`: a sentence was played through, with its new listen count. Called by the
 * player, not by a control; a failure is only logged.
 */
export function saveSentenceListens(id: number, orderIndex: number, listenCount: number) {
  return apiClient.patch(playerPathOf.sentenceListens(id, orderIndex), sentenceListensResponseSchema, {
    body: { listenCount },
  });
}
