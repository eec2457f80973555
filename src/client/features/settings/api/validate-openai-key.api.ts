import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  providerPaths,
  type validateKeyRequestSchema,
  validateKeyResponseSchema,
} from '../../../../shared/api/providers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type ValidateOpenaiKeyRequest = z.input<typeof validateKeyRequestSchema>;

/**
 * The server checks the key with the provider and, when valid, saves it encrypted
 * (docs/product/providers.md#keys).
 */
export function validateOpenaiKey(body: ValidateOpenaiKeyRequest) {
  return apiClient.post(providerPaths.validateOpenaiKey, validateKeyResponseSchema, { body });
}

export function useValidateOpenaiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateOpenaiKey,
    onSuccess: async ({ valid }) => {
      if (!valid) return;
      // The same key entered again keeps its hint, so the model list is asked for again explicitly.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.providers.models }),
      ]);
    },
  });
}
