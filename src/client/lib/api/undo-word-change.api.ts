import { undoResponseSchema, wordsPaths } from '../../../shared/api/words';
import { apiClient } from '../api-client';

/** How long a screen's toast offers the undo (the server keeps the token longer). */
export const UNDO_OFFER_MS = 10_000;

/**
 * Takes back a listen-count reset (dictionary) or a word taken out of study (Learn) by the token it
 * answered (docs/product/decisions.md#undo-snapshots).
 */
export function undoWordChange(undoToken: string) {
  return apiClient.post(wordsPaths.undo, undoResponseSchema, { body: { undoToken } });
}
