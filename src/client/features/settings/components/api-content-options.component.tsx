import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/api/settings';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { Field } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Textarea } from '../../../ui/textarea.component';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';

/** docs/product/settings.md#api-tab: phrase difficulty as a vocabulary size in words. */
export const VOCABULARY_LEVELS = [
  200, 400, 600, 800, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500, 5000,
] as const;
/** settingsValuesSchema.audiobookRequirements */
const REQUIREMENTS_MAX_LENGTH = 5000;

/** What the language model writes: audiobook requirements and the phrase difficulty. */
export function ApiContentOptions({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const update = useUpdateSettings();
  const [requirements, setRequirements] = useState(settings.audiobookRequirements);
  // The schema default (500) is not one of the choices; it stays shown until the learner picks another.
  const levels = [...new Set([...VOCABULARY_LEVELS, settings.vocabularyLevel])].sort((a, b) => a - b);

  const saveRequirements = () => {
    // Saved when the learner leaves the field: one save per edit, not one per keystroke.
    if (requirements !== settings.audiobookRequirements)
      update.mutate({ audiobookRequirements: requirements });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.content.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <Field
          label={t('settingsProviders.content.requirements')}
          hint={t('settingsProviders.content.requirementsHint')}
        >
          {(control) => (
            <Textarea
              {...control}
              maxLength={REQUIREMENTS_MAX_LENGTH}
              value={requirements}
              onChange={(event) => setRequirements(event.target.value)}
              onBlur={saveRequirements}
            />
          )}
        </Field>
        <Field
          label={t('settingsProviders.content.vocabularyLevel')}
          hint={t('settingsProviders.content.vocabularyLevelHint')}
        >
          {(control) => (
            <Select
              value={String(settings.vocabularyLevel)}
              onValueChange={(value) => update.mutate({ vocabularyLevel: Number(value) })}
            >
              <SelectTrigger {...control}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {levels.map((level) => (
                  <SelectItem key={level} value={String(level)}>
                    {t('settingsProviders.content.words', { count: level })}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        </Field>
      </CardContent>
    </Card>
  );
}
