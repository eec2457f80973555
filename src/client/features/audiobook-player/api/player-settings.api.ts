import { queryOptions, useQuery } from '@tanstack/react-query';
import { useIsAuthenticated } from '../../../lib/api/auth-status.api';
import { settingsQueryOptions } from '../../../lib/api/settings.api';
import { PLAYER_READ_RETRY } from './player-retry';

/**
 * The learner's settings as the player reads them: the shared settings call (`GET /api/settings`), asked
 * again 3 times 1 s apart like the book and its sentences (docs/product/audiobooks.md#player), where other
 * screens wait longer between attempts.
 */
export const playerSettingsQueryOptions = () =>
  queryOptions({ ...settingsQueryOptions(), ...PLAYER_READ_RETRY });

export function usePlayerSettings() {
  const isAuthenticated = useIsAuthenticated();
  return useQuery({ ...playerSettingsQueryOptions(), enabled: isAuthenticated });
}
