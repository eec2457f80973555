import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/api/settings';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';
import { toast } from '../../../ui/toast-store';
import { stepFontScale } from '../lib/player-view';

/**
 * The menu's display switches that are the learner's settings (docs/product/audiobooks.md#player): the
 * translations, bilingual playback, the bottom bar's side and the font size, saved quietly; the two that
 * change what is heard or read say so when the save fails.
 */
export function useDisplaySettings(settings: Settings) {
  const { t } = useTranslation();
  const saveSettings = useUpdateSettings({ isSilent: true });
  const alignment = settings.bottomMenuAlignment;
  return {
    onToggleTranslations: () =>
      saveSettings.mutate(
        { showAudiobookTranslations: !settings.showAudiobookTranslations },
        {
          onError: () =>
            toast({ title: t('audiobookPlayer.alerts.translationsFailed'), variant: 'destructive' }),
        },
      ),
    onToggleBilingual: () =>
      // No refusal: a Russian voice always speaks (the learner's, else the automatic built-in one).
      saveSettings.mutate(
        { bilingualPlaybackAudiobook: !settings.bilingualPlaybackAudiobook },
        {
          onError: () =>
            toast({ title: t('audiobookPlayer.alerts.bilingualFailed'), variant: 'destructive' }),
        },
      ),
    onToggleAlignment: () =>
      saveSettings.mutate({ bottomMenuAlignment: alignment === 'center' ? 'right' : 'center' }),
    onFontStep: (direction: 1 | -1) =>
      saveSettings.mutate({ audiobookFontScale: stepFontScale(settings.audiobookFontScale, direction) }),
  };
}
