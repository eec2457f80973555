import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import { numberOptions, SettingsSection, SettingsSelectField } from './settings-field.component';

const WORD_GOALS = [5, 10, 15, 20, 30, 50, 100] as const;
const MINUTE_GOALS = [10, 15, 20, 30, 45, 60, 90] as const;

/**
 * The daily word and time goals Home measures today's study against
 * (docs/product/progress.md#home-and-daily-goals).
 */
export function InterfaceGoals({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t } = useTranslation();
  return (
    <SettingsSection
      title={t('settingsDisplay.interface.goalsTitle')}
      description={t('settingsDisplay.interface.goalsDescription')}
    >
      <div className="grid gap-6 sm:grid-cols-2">
        <SettingsSelectField
          label={t('settingsDisplay.interface.goals.words')}
          value={String(settings.dailyWordGoal)}
          options={numberOptions(WORD_GOALS, settings.dailyWordGoal)}
          onValueChange={(value) => save({ dailyWordGoal: Number(value) })}
        />
        <SettingsSelectField
          label={t('settingsDisplay.interface.goals.minutes')}
          value={String(settings.dailyTimeGoal)}
          options={numberOptions(MINUTE_GOALS, settings.dailyTimeGoal)}
          onValueChange={(value) => save({ dailyTimeGoal: Number(value) })}
        />
      </div>
    </SettingsSection>
  );
}
