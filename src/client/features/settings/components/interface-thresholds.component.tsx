import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import {
  applyThresholdChange,
  changedThresholds,
  THRESHOLD_FIELDS,
  THRESHOLD_OPTIONS,
  type ListenThresholds,
  type ThresholdField,
} from '../lib/listen-thresholds';
import { SettingsSection, SettingsSelectField } from './settings-field.component';

const SETTING_OF: Readonly<Record<ThresholdField, keyof ListenThresholdSettings>> = {
  warning: 'listenThresholdWarning',
  safe: 'listenThresholdSafe',
  auto: 'listenThresholdAuto',
};

type ListenThresholdSettings = Pick<
  Settings,
  'listenThresholdWarning' | 'listenThresholdSafe' | 'listenThresholdAuto'
>;

/** The settings fields for the thresholds that moved, so the coupled change is one partial save. */
function toSettingsUpdate(changed: Partial<ListenThresholds>): SettingsUpdate {
  const update: SettingsUpdate = {};
  for (const field of THRESHOLD_FIELDS) {
    const value = changed[field];
    if (value !== undefined) update[SETTING_OF[field]] = value;
  }
  return update;
}

/**
 * Warning, safe and auto listen counts; picking one may move the others
 * (docs/product/settings.md#listen-thresholds).
 */
export function InterfaceThresholds({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t } = useTranslation();
  const current: ListenThresholds = {
    warning: settings.listenThresholdWarning,
    safe: settings.listenThresholdSafe,
    auto: settings.listenThresholdAuto,
  };

  const pick = (field: ThresholdField, value: number) => {
    const update = toSettingsUpdate(changedThresholds(current, applyThresholdChange(current, field, value)));
    if (Object.keys(update).length > 0) save(update);
  };

  return (
    <SettingsSection
      title={t('settingsDisplay.interface.thresholdsTitle')}
      description={t('settingsDisplay.interface.thresholdsDescription')}
    >
      <div className="grid gap-6 sm:grid-cols-3">
        {THRESHOLD_FIELDS.map((field) => {
          const options = THRESHOLD_OPTIONS[field].map((option) => ({
            value: String(option),
            // Every option is a multiple of ten, which Russian always counts with 'прослушиваний'.
            label: t('settingsDisplay.interface.listens', { value: option }),
          }));
          // A stored value off the options (the schema allows 10–100 for all three) is still shown.
          if (!THRESHOLD_OPTIONS[field].includes(current[field])) {
            options.unshift({ value: String(current[field]), label: String(current[field]) });
          }
          return (
            <SettingsSelectField
              key={field}
              label={t(`settingsDisplay.interface.thresholds.${field}`)}
              description={t(`settingsDisplay.interface.thresholds.${field}Description`)}
              value={String(current[field])}
              options={options}
              onValueChange={(value) => {
                const picked = Number(value);
                if (THRESHOLD_OPTIONS[field].includes(picked)) pick(field, picked);
              }}
            />
          );
        })}
      </div>
    </SettingsSection>
  );
}
