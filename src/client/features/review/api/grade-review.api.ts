import { reviewGradePath, reviewGradeResponseSchema } from '../../../../shared/api/review';
import { apiClient } from '../../../lib/api-client';
import type { PendingGrade } from '../lib/grade-outbox';

/**
 * `POST /api/review/:cardId/grade`: one grade from the outbox (docs/product/review.md#offline); the outbox
 * sends them in order and retries, so there is no mutation hook.
 */
export function sendReviewGrade({ cardId, ...grade }: PendingGrade) {
  return apiClient.post(reviewGradePath(cardId), reviewGradeResponseSchema, { body: grade });
}
