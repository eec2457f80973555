import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import { OVERLAY_OPACITIES } from '../../../../shared/catalogs/appearance';
import { OptionPicker } from './option-picker.component';
import { SettingsSection, SettingsSwitchField } from './settings-field.component';

/**
 * What the cards and rows show: tags, translations, phrase translations, listen counts and how opaque the text
 * panel over the picture is.
 */
export function InterfaceDisplay({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t } = useTranslation();
  return (
    <SettingsSection title={t('settingsDisplay.interface.displayTitle')}>
      <SettingsSwitchField
        label={t('settingsDisplay.interface.showTagsLabel')}
        description={t('settingsDisplay.interface.showTagsDescription')}
        isChecked={settings.showTags}
        onCheckedChange={(showTags) => save({ showTags })}
      />
      <SettingsSwitchField
        label={t('settingsDisplay.interface.showTranslationsLabel')}
        description={t('settingsDisplay.interface.showTranslationsDescription')}
        isChecked={settings.showTranslations}
        onCheckedChange={(showTranslations) => save({ showTranslations })}
      />
      {/* docs/product/learn.md#card */}
      <SettingsSwitchField
        label={t('settingsDisplay.interface.showPhraseTranslationsLabel')}
        description={t('settingsDisplay.interface.showPhraseTranslationsDescription')}
        isChecked={settings.showPhraseTranslations}
        onCheckedChange={(showPhraseTranslations) => save({ showPhraseTranslations })}
      />
      {/* docs/product/dictionary.md#word-row */}
      <SettingsSwitchField
        label={t('settingsDisplay.interface.showListenCountLabel')}
        description={t('settingsDisplay.interface.showListenCountDescription')}
        isChecked={settings.showListenCount}
        onCheckedChange={(showListenCount) => save({ showListenCount })}
      />
      <OptionPicker
        label={t('settingsDisplay.interface.overlayOpacityLabel')}
        description={t('settingsDisplay.interface.overlayOpacityDescription')}
        options={OVERLAY_OPACITIES.map((opacity) => ({
          value: opacity,
          label: t('settingsDisplay.interface.percent', { value: opacity }),
        }))}
        value={settings.overlayOpacity}
        onChange={(overlayOpacity) => save({ overlayOpacity })}
        optionClassName="min-w-16"
      />
    </SettingsSection>
  );
}
