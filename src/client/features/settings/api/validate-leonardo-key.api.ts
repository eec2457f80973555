import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  providerPaths,
  type validateKeyRequestSchema,
  validateKeyResponseSchema,
} from '../../../../shared/api/providers';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** Only OpenAI takes a base URL (DESIGN D6). */
export type ValidateLeonardoKeyRequest = Pick<z.input<typeof validateKeyRequestSchema>, 'apiKey'>;

/** The server checks the key with the provider and, when valid, saves it encrypted (DESIGN D4). */
export function validateLeonardoKey(body: ValidateLeonardoKeyRequest) {
  return apiClient.post(providerPaths.validateLeonardoKey, validateKeyResponseSchema, { body });
}

export function useValidateLeonardoKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: validateLeonardoKey,
    onSuccess: async ({ valid }) => {
      if (!valid) return;
      // The token balance is fetched again for the new key (spec part 2 §4 "Key validity").
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.settings }),
        queryClient.invalidateQueries({ queryKey: queryKeys.providers.leonardoTokenInfo }),
      ]);
    },
  });
}
