import { useMutation } from '@tanstack/react-query';
import { audiobookPaths, validateLogicResponseSchema } from '../../../../shared/api/audiobooks';
import { apiClient } from '../../../lib/api-client';

/** Starts the job in which the language model checks every story for contradictions. (docs/product/audiobooks.md#maintenance) */
export function validateLogic() {
  return apiClient.post(audiobookPaths.validateLogic, validateLogicResponseSchema);
}

export function useValidateLogic() {
  return useMutation({ mutationFn: validateLogic });
}
