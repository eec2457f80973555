import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import {
  COLOR_SCHEME_HSL,
  FONT_COLOR_HEX,
  FONT_SIZES,
  INTERFACE_LANGUAGES,
  SETTINGS_COLOR_SCHEMES,
  SETTINGS_FONT_COLOR_SCHEMES,
  shownTheme,
  themeChoice,
  THEMES,
} from '../../../../shared/catalogs/appearance';
import { changeInterfaceLanguage, isInterfaceLanguage } from '../../../i18n/setup';
import { OptionPicker } from './option-picker.component';
import { SettingsSection, SettingsSelectField } from './settings-field.component';

const SWATCH_CLASS = 'block size-6 rounded-full border border-foreground/30 shadow-inner';

/**
 * Theme, font size, colour scheme, font colour and interface language
 * (docs/product/settings.md#interface-tab, docs/product/settings.md#defaults).
 */
export function InterfaceAppearance({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = isInterfaceLanguage(i18n.language) ? i18n.language : 'ru';

  return (
    <SettingsSection
      title={t('settingsDisplay.interface.appearanceTitle')}
      description={t('settingsDisplay.interface.appearanceDescription')}
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <SettingsSelectField
          label={t('settingsDisplay.interface.themeLabel')}
          // One control for `themeMode` and `theme` (docs/product/settings.md#theme).
          value={shownTheme(settings)}
          options={THEMES.map((theme) => ({
            value: theme,
            label: t(`settingsDisplay.interface.themes.${theme}`),
          }))}
          onValueChange={(theme) => save(themeChoice(theme))}
        />
        {/* The browser keeps the choice; the sync hook saves it for other browsers (docs/product/settings.md#interface-language). */}
        <SettingsSelectField
          label={t('language.label')}
          value={language}
          options={INTERFACE_LANGUAGES.map((option) => ({ value: option, label: t(`language.${option}`) }))}
          onValueChange={(picked) => void changeInterfaceLanguage(picked)}
        />
      </div>

      <OptionPicker
        label={t('settingsDisplay.interface.fontSizeLabel')}
        description={t('settingsDisplay.interface.fontSizeDescription')}
        options={FONT_SIZES.map((size) => ({
          value: size,
          label: t('settingsDisplay.interface.percent', { value: size }),
        }))}
        value={settings.fontSize}
        onChange={(fontSize) => save({ fontSize })}
        optionClassName="min-w-16"
      />

      <OptionPicker
        label={t('settingsDisplay.interface.colorSchemeLabel')}
        description={t('settingsDisplay.interface.colorSchemeDescription')}
        options={SETTINGS_COLOR_SCHEMES.map((scheme) => ({
          value: scheme,
          label: t(`settingsDisplay.interface.colorSchemes.${scheme}`),
          visual: (
            <span className={SWATCH_CLASS} style={{ backgroundColor: `hsl(${COLOR_SCHEME_HSL[scheme]})` }} />
          ),
        }))}
        value={settings.colorScheme}
        onChange={(colorScheme) => save({ colorScheme })}
        listClassName="grid grid-cols-2 sm:grid-cols-4"
        optionClassName="justify-start"
      />

      <OptionPicker
        label={t('settingsDisplay.interface.fontColorLabel')}
        description={t('settingsDisplay.interface.fontColorDescription')}
        options={SETTINGS_FONT_COLOR_SCHEMES.map((color) => ({
          value: color,
          label: t(`settingsDisplay.interface.fontColors.${color}`),
          visual: <span className={SWATCH_CLASS} style={{ backgroundColor: FONT_COLOR_HEX[color] }} />,
        }))}
        value={settings.fontColorScheme}
        onChange={(fontColorScheme) => save({ fontColorScheme })}
        listClassName="grid grid-cols-2 sm:grid-cols-4"
        optionClassName="justify-start"
      />
    </SettingsSection>
  );
}
