import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPaths, authSuccessSchema, type LoginRequest } from '../../../../shared/api/auth';
import { apiClient } from '../../../lib/api-client';
import { seedSignedInUser } from '../../../lib/api/auth-user.api';

export function login(credentials: LoginRequest) {
  return apiClient.post(authPaths.login, authSuccessSchema, { body: credentials });
}

export function useLoginMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // The answer is the signed-in user: the app knows who it is before the caller navigates.
    onSuccess: ({ user }) => seedSignedInUser(queryClient, user),
  });
}
