import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  providerPaths,
  type validateKeyRequestSchema,
  validateKeyResponseSchema,
} from '../../../../shared/api/providers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Only OpenAI takes a base URL (docs/product/providers.md#openai-compatible-endpoint). */
export type ValidateElevenlabsKeyRequest = Pick<z.input<typeof validateKeyRequestSchema>, 'apiKey'>;

/**
 * The server checks the key with the provider and, when valid, saves it encrypted
 * (docs/product/providers.md#keys).
 */
export function validateElevenlabsKey(body: ValidateElevenlabsKeyRequest) {
  return apiClient.post(providerPaths.validateElevenlabsKey, validateKeyResponseSchema, { body });
}

export function useValidateElevenlabsKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateElevenlabsKey,
    onSuccess: async ({ valid }) => {
      if (!valid) return;
      // A new speech key brings its own voices.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.providers.voices }),
      ]);
    },
  });
}
