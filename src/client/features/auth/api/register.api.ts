import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPaths, authSuccessSchema, type RegisterRequest } from '../../../../shared/api/auth';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function register(request: RegisterRequest) {
  return apiClient.post(authPaths.register, authSuccessSchema, { body: request });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // The server signs the new user in, so the auth state is refetched before the caller navigates.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  });
}
