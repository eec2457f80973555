import { useMutation } from '@tanstack/react-query';
import { playerPathOf, revoiceResponseSchema } from '../../../../shared/api/audiobook-player';
import { apiClient } from '../../../lib/api-client';

/** `POST …/revoice`: the learner confirmed; starts the re-voicing job, its id to follow. */
export function revoiceBook(id: number) {
  return apiClient.post(playerPathOf.revoice(id), revoiceResponseSchema);
}

export function useRevoiceBook() {
  return useMutation({ mutationFn: revoiceBook });
}
