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
export type ValidateLeonardoKeyRequest = Pick<z.input<typeof validateKeyRequestSchema>, 'apiKey'>;

/**
 * The server checks the key with the provider and, when valid, saves it encrypted
 * (docs/product/providers.md#keys).
 */
export function validateLeonardoKey(body: ValidateLeonardoKeyRequest) {
  return apiClient.post(providerPaths.validateLeonardoKey, validateKeyResponseSchema, { body });
}

export function useValidateLeonardoKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateLeonardoKey,
    onSuccess: async ({ valid }) => {
      if (!valid) return;
      // The token balance is fetched again for the new key (docs/product/settings.md#key-check).
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.providers.leonardoTokenInfo }),
      ]);
    },
  });
}
