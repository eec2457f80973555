import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPaths, authSuccessSchema, type LoginRequest } from '../../../../shared/api/auth';
import { apiClient } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function login(credentials: LoginRequest) {
  return apiClient.post(authPaths.login, authSuccessSchema, { body: credentials });
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Awaited so that the caller navigates only once the app knows it is signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.auth.all }),
  });
}
