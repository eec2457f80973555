import { useTranslation } from 'react-i18next';
import { WordsExport } from '../../../ui/words-export.component';
import { SettingsSection } from './settings-field.component';

/** The Data tab (docs/product/transfer.md): the learner's words out, as a file. */
export function DataTab() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title={t('settingsDisplay.data.exportTitle')}
        description={t('settingsDisplay.data.exportDescription')}
      >
        <WordsExport label={t('settingsDisplay.data.exportCsv')} />
      </SettingsSection>
    </div>
  );
}
