import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api-client';

/**
 * Spec part 1 §7. The path joins the shared contract with the dictionary issue, which also brings the
 * server side; until then the server answers 404 and the screen shows the spec's failure toast.
 */
export const RESET_LISTEN_COUNT_PATH = '/api/words/reset-listen-count';

export function resetListenCount() {
  return apiClient.post(RESET_LISTEN_COUNT_PATH, z.unknown());
}

export function useResetListenCount() {
  return useMutation({ mutationFn: resetListenCount });
}
