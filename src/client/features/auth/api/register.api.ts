import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authPaths, authSuccessSchema, type RegisterRequest } from '../../../../shared/api/auth';
import { apiClient } from '../../../lib/api-client';
import { seedSignedInUser } from '../../../lib/api/auth-user.api';

export function register(request: RegisterRequest) {
  return apiClient.post(authPaths.register, authSuccessSchema, { body: request });
}

export function useRegisterMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    // The server signs the new user in and answers with them: home greets them by name at once
    // (docs/product/auth.md#registration).
    onSuccess: ({ user }) => seedSignedInUser(queryClient, user),
  });
}
