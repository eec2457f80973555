import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  type Settings,
  settingsPaths,
  settingsSchema,
  type SettingsUpdate,
} from '../../../shared/api/settings';
import { apiClient } from '../api-client';
import { queryKeys } from '../query-keys';
import { toast } from '../../ui/toast-store';

export function updateSettings(update: SettingsUpdate) {
  return apiClient.put(settingsPaths.settings, settingsSchema, { body: update });
}

/**
 * Every Settings control saves itself at once with a partial update (docs/product/settings.md#settings). The
 * cache is updated before the answer so the control never flickers back, and restored if the save fails.
 */
export function useUpdateSettings(options: { isSilent?: boolean } = {}) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: updateSettings,
    onMutate: async (update) => {
      await queryClient.cancelQueries({ queryKey: queryKeys.settings });
      const previous = queryClient.getQueryData<Settings>(queryKeys.settings);
      if (previous) {
        const { openaiApiKey: _o, elevenlabsApiKey: _e, leonardoApiKey: _l, ...values } = update;
        queryClient.setQueryData<Settings>(queryKeys.settings, { ...previous, ...values });
      }
      return { previous };
    },
    onError: (_error, _update, context) => {
      if (context?.previous) queryClient.setQueryData(queryKeys.settings, context.previous);
      toast({
        title: t('settingsSave.failedTitle'),
        description: t('settingsSave.failed'),
        variant: 'destructive',
      });
    },
    onSuccess: (settings) => {
      queryClient.setQueryData(queryKeys.settings, settings);
      if (!options.isSilent)
        toast({ title: t('settingsSave.savedTitle'), description: t('settingsSave.saved') });
    },
  });
}
