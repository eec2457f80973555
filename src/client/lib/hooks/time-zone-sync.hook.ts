import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { browserTimeZone } from '../../../shared/calendar/learner-day';
import { useSettings } from '../api/settings.api';
import { updateSettings } from '../api/update-settings.api';
import { queryKeys } from '../query-keys';
import { whenIdle } from '../when-idle';

/**
 * Keeps the learner's saved time zone that of the browser they use (docs/product/progress.md#learner-day):
 * once settings have loaded and the page is idle, a different zone is saved without a word to the learner,
 * and today's figures are read again. Each zone is tried once per page: a zone the server refuses is not sent
 * in a loop, and the learner's day stays the stored one.
 */
export function useTimeZoneSync(): void {
  const queryClient = useQueryClient();
  const { data: settings } = useSettings();
  const storedZone = settings?.timeZone;
  const tried = useRef(new Set<string>());

  useEffect(() => {
    if (storedZone === undefined) return undefined;
    // At idle: reading the browser's zone is the page's first use of the time zone data, tens of
    // milliseconds on a phone that the first screen should not wait for.
    return whenIdle(() => {
      const zone = browserTimeZone();
      if (zone === storedZone || tried.current.has(zone)) return;
      tried.current.add(zone);
      updateSettings({ timeZone: zone }).then(
        (saved) => {
          queryClient.setQueryData(queryKeys.settings, saved);
          void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
          // Which hidden words are due depends on the learner's day too.
          void queryClient.invalidateQueries({ queryKey: queryKeys.words.spacedRepetition });
        },
        (error: unknown) => console.warn('[settings] time zone not saved', error),
      );
    });
  }, [storedZone, queryClient]);
}
