import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  playerPathOf,
  type startImageJobRequestSchema,
  startImageJobResponseSchema,
} from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';
import { refreshBook } from './refresh-book';

type StartRequest = z.input<typeof startImageJobRequestSchema>;

/** `POST …/image-generation-jobs`: a new series drawn, or (existingSeriesId) one filled in. */
export function startSeriesJob({ id, ...request }: StartRequest & { id: number }) {
  return apiClient.post(playerPathOf.imageJobs(id), startImageJobResponseSchema, { body: request });
}

export function useStartSeriesJob(id: number) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startSeriesJob, onSuccess: () => refreshBook(queryClient, id) });
}
