import { reviewPaths, reviewUndoResponseSchema } from '../../../../shared/api/review';
import { apiClient } from '../../../lib/api-client';
import type { PendingUndo } from '../lib/grade-outbox';

/**
 * `POST /api/review/undo`: the undo of a grade already sent, from the outbox (docs/product/review.md#undo);
 * it comes after its grade and is retried like one, so there is no mutation hook.
 */
export function sendReviewUndo({ reviewId }: PendingUndo) {
  return apiClient.post(reviewPaths.undo, reviewUndoResponseSchema, { body: { reviewId } });
}
