import { authPaths, authStatusSchema } from '../../../shared/api/auth';
import { apiClient } from '../api-client';
import { forgetPwaSession } from '../pwa';

/**
 * Ends the session with a POST, which only the app's own pages may send (docs/product/auth.md#logout),
 * then loads the home page afresh so nothing of the learner stays in memory. If the POST gets no answer
 * the GET address does the same as a same-origin navigation.
 */
export async function logOut(path: string = authPaths.logout): Promise<void> {
  // The installed app must not reopen as signed in (docs/product/overview.md#installing-the-app).
  forgetPwaSession();
  try {
    await apiClient.post(path, authStatusSchema);
    window.location.assign('/');
  } catch {
    window.location.assign(path);
  }
}
