import { learnPath, learnPaths, listenCountResponseSchema } from '../../../../shared/api/learn';
import { apiClient } from '../../../lib/api-client';

/**
 * `PATCH /api/words/:id/listen-count`: a card was played through. Called by the player, not by a control,
 * so there is no mutation hook; a failure is only logged (docs/product/learn.md#speech-fallback).
 */
export function updateListenCount({ wordId, listenCount }: { wordId: number; listenCount: number }) {
  return apiClient.patch(learnPath(learnPaths.listenCount, wordId), listenCountResponseSchema, {
    body: { listenCount },
  });
}
