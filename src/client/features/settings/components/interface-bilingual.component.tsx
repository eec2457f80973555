import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import { AUTOMATIC_BILINGUAL_MODES } from '../../../../shared/catalogs/voices';
import { SettingsSection, SettingsSelectField, SettingsSwitchField } from './settings-field.component';

/** Bilingual playback (the Russian voice between the Spanish ones) and when it stops by itself. */
export function InterfaceBilingual({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t } = useTranslation();
  // Each automatic mode names the threshold it follows, with the learner's current value.
  const thresholdOf = {
    warning: settings.listenThresholdWarning,
    safe: settings.listenThresholdSafe,
    auto: settings.listenThresholdAuto,
  };
  return (
    <SettingsSection
      title={t('settingsDisplay.interface.bilingualTitle')}
      description={t('settingsDisplay.interface.bilingualDescription')}
    >
      <SettingsSwitchField
        label={t('settingsDisplay.interface.bilingualLearnLabel')}
        isChecked={settings.bilingualPlaybackLearn}
        onCheckedChange={(bilingualPlaybackLearn) => save({ bilingualPlaybackLearn })}
      />
      <SettingsSwitchField
        label={t('settingsDisplay.interface.bilingualAudiobookLabel')}
        isChecked={settings.bilingualPlaybackAudiobook}
        onCheckedChange={(bilingualPlaybackAudiobook) => save({ bilingualPlaybackAudiobook })}
      />
      <SettingsSelectField
        label={t('settingsDisplay.interface.automaticBilingualLabel')}
        description={t('settingsDisplay.interface.automaticBilingualDescription')}
        value={settings.automaticBilingual}
        options={AUTOMATIC_BILINGUAL_MODES.map((mode) => ({
          value: mode,
          label:
            mode === 'disabled'
              ? t('settingsDisplay.interface.automaticBilingual.disabled')
              : t(`settingsDisplay.interface.automaticBilingual.${mode}`, { value: thresholdOf[mode] }),
        }))}
        onValueChange={(automaticBilingual) => save({ automaticBilingual })}
      />
    </SettingsSection>
  );
}
