import { useTranslation } from 'react-i18next';
import { WordsExport } from '../../../ui/words-export.component';
import { SettingsSection } from './settings-field.component';
import { WordsImport } from './words-import.component';

/** The Data tab (docs/product/transfer.md): the learner's words out as a file, and in from one. */
export function DataTab() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <SettingsSection
        title={t('settingsDisplay.data.exportTitle')}
        description={t('settingsDisplay.data.exportDescription')}
      >
        <WordsExport format="csv" label={t('settingsDisplay.data.exportCsv')} />
        <WordsExport format="apkg" label={t('settingsDisplay.data.exportApkg')} />
      </SettingsSection>
      <SettingsSection
        title={t('settingsDisplay.data.importTitle')}
        description={t('settingsDisplay.data.importDescription')}
      >
        <WordsImport />
      </SettingsSection>
      <SettingsSection
        title={t('settingsDisplay.data.backupTitle')}
        description={t('settingsDisplay.data.backupDescription')}
      >
        <WordsExport format="backup" label={t('settingsDisplay.data.exportBackup')} />
      </SettingsSection>
    </div>
  );
}
