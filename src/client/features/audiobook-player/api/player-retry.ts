import { HttpError } from '../../../lib/api-client';

/**
 * The player's reads of the book and its sentences are asked again three times, 1 s apart
 * (docs/product/audiobooks.md#player); a book that is not the learner's (404) or a signed-out learner (401)
 * is not asked again.
 */
export const PLAYER_READ_RETRY = {
  retry: (failureCount: number, error: unknown) =>
    !(error instanceof HttpError && (error.status === 404 || error.status === 401)) && failureCount < 3,
  retryDelay: 1000,
} as const;
