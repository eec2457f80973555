import { createSessionCheck } from '../../../lib/session-renewal';
import { fetchAuthStatus } from '../../../lib/api/auth-status.api';
import { fetchAuthUser } from '../../../lib/api/auth-user.api';

/**
 * The spec's renewal sequence against the real endpoints: status, then user
 * (docs/product/auth.md#session-renewal).
 */
export const checkSession = createSessionCheck({ fetchStatus: fetchAuthStatus, fetchUser: fetchAuthUser });
