import { queryOptions, useQuery } from '@tanstack/react-query';
import { settingsPaths, settingsSchema } from '../../../shared/api/settings';
import { getPreferringEarly } from './early-answers';
import { queryKeys } from '../query-keys';
import { useIsAuthenticated } from './auth-status.api';

export function fetchSettings(signal?: AbortSignal) {
  return getPreferringEarly(settingsPaths.settings, settingsSchema, { signal });
}

export const settingsQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => fetchSettings(signal),
  });

/** Settings belong to the signed-in learner; a visitor has none to load. */
export function useSettings() {
  const isAuthenticated = useIsAuthenticated();
  return useQuery({ ...settingsQueryOptions(), enabled: isAuthenticated });
}
