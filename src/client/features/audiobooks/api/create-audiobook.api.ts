import { useMutation } from '@tanstack/react-query';
import {
  audiobookPaths,
  type CreateAudiobookRequest,
  createAudiobookResponseSchema,
} from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Starts writing a book: the answer names it (status processing) and its creation job. */
export function createAudiobook(request: CreateAudiobookRequest) {
  return apiClient.post(audiobookPaths.books, createAudiobookResponseSchema, { body: request });
}

export function useCreateAudiobook() {
  return useMutation({ mutationFn: createAudiobook });
}
