import { useTranslation } from 'react-i18next';
import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import {
  DESIRED_RETENTION_CHOICES,
  REVIEW_DIRECTIONS,
  REVIEW_SCHEDULERS,
} from '../../../../shared/catalogs/review';
import {
  numberOptions,
  SettingsSection,
  SettingsSelectField,
  SettingsSwitchField,
} from './settings-field.component';
import { formatPercent } from '../../../lib/number-format';

const NEW_PER_DAY = [0, 5, 10, 15, 20, 30, 50, 100] as const;
const MAX_PER_DAY = [50, 100, 200, 300, 500, 1000, 9999] as const;

/**
 * The review mode's choices (docs/product/review.md#settings): card directions, typed answers, the
 * scheduler and its retention, the daily limits, and whether words mastered in review leave Learn.
 */
export function InterfaceReview({
  settings,
  save,
}: {
  settings: Settings;
  save: (update: SettingsUpdate) => void;
}) {
  const { t, i18n } = useTranslation();
  const chosen = settings.reviewDirections;
  const retentionChoices: readonly number[] = DESIRED_RETENTION_CHOICES;
  const retentions = retentionChoices.includes(settings.reviewDesiredRetention)
    ? retentionChoices
    : [...retentionChoices, settings.reviewDesiredRetention].sort((a, b) => a - b);
  return (
    <SettingsSection
      title={t('settingsDisplay.interface.reviewTitle')}
      description={t('settingsDisplay.interface.reviewDescription')}
    >
      <fieldset className="flex flex-col gap-4">
        <legend className="mb-1 text-sm font-medium">
          {t('settingsDisplay.interface.review.directions')}
        </legend>
        <p className="text-sm text-muted-foreground">
          {t('settingsDisplay.interface.review.directionsHint')}
        </p>
        {REVIEW_DIRECTIONS.map((direction) => {
          const isChosen = chosen.includes(direction);
          return (
            <SettingsSwitchField
              key={direction}
              label={t(`settingsDisplay.interface.review.direction.${direction}`)}
              isChecked={isChosen}
              // The last direction left cannot be turned off: review needs one.
              isDisabled={isChosen && chosen.length === 1}
              onCheckedChange={(isChecked) =>
                save({
                  reviewDirections: isChecked
                    ? [...chosen, direction]
                    : chosen.filter((other) => other !== direction),
                })
              }
            />
          );
        })}
      </fieldset>
      <SettingsSwitchField
        label={t('settingsDisplay.interface.review.typedAnswers')}
        description={t('settingsDisplay.interface.review.typedAnswersDescription')}
        isChecked={settings.reviewTypedAnswers}
        onCheckedChange={(isChecked) => save({ reviewTypedAnswers: isChecked })}
      />
      <SettingsSwitchField
        label={t('settingsDisplay.interface.review.burySiblings')}
        description={t('settingsDisplay.interface.review.burySiblingsDescription')}
        isChecked={settings.reviewBurySiblings}
        onCheckedChange={(isChecked) => save({ reviewBurySiblings: isChecked })}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SettingsSelectField
          label={t('settingsDisplay.interface.review.scheduler')}
          description={t(
            `settingsDisplay.interface.review.schedulerDescriptions.${settings.reviewScheduler}`,
          )}
          value={settings.reviewScheduler}
          options={REVIEW_SCHEDULERS.map((scheduler) => ({
            value: scheduler,
            label: t(`settingsDisplay.interface.review.schedulers.${scheduler}`),
          }))}
          onValueChange={(reviewScheduler) => save({ reviewScheduler })}
        />
        {settings.reviewScheduler === 'fsrs' ? (
          <SettingsSelectField
            label={t('settingsDisplay.interface.review.retention')}
            description={t('settingsDisplay.interface.review.retentionDescription')}
            value={String(settings.reviewDesiredRetention)}
            options={retentions.map((value) => ({
              value: String(value),
              label: formatPercent(value, i18n.language),
            }))}
            onValueChange={(value) => save({ reviewDesiredRetention: Number(value) })}
          />
        ) : null}
        <SettingsSelectField
          label={t('settingsDisplay.interface.review.newPerDay')}
          value={String(settings.reviewNewPerDay)}
          options={numberOptions(NEW_PER_DAY, settings.reviewNewPerDay)}
          onValueChange={(value) => save({ reviewNewPerDay: Number(value) })}
        />
        <SettingsSelectField
          label={t('settingsDisplay.interface.review.maxPerDay')}
          value={String(settings.reviewMaxPerDay)}
          options={numberOptions(MAX_PER_DAY, settings.reviewMaxPerDay)}
          onValueChange={(value) => save({ reviewMaxPerDay: Number(value) })}
        />
      </div>
      <SettingsSwitchField
        label={t('settingsDisplay.interface.review.masteredLeavesLearn')}
        description={t('settingsDisplay.interface.review.masteredLeavesLearnDescription')}
        isChecked={settings.reviewMasteredLeavesLearn}
        onCheckedChange={(isChecked) => save({ reviewMasteredLeavesLearn: isChecked })}
      />
    </SettingsSection>
  );
}
