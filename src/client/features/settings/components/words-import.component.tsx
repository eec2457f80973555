import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FileUp, LoaderCircle } from 'lucide-react';
import {
  IMPORT_FIELDS,
  IMPORT_MEDIA_FIELDS,
  type ImportField,
  type ImportMapping,
  type ImportPreview,
  MAX_IMPORT_ARCHIVE_BYTES,
  MAX_IMPORT_CSV_BYTES,
} from '../../../../shared/api/transfer';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button.component';
import { FilePicker } from '../../../ui/file-picker.component';
import { usePreviewImport } from '../api/preview-import.api';
import { BackupRestore } from './backup-restore.component';
import { useStartImport } from '../api/start-import.api';
import { SettingsSelectField, SettingsSwitchField } from './settings-field.component';

const NO_COLUMN = 'none';
const MEDIA_FIELDS: readonly ImportField[] = IMPORT_MEDIA_FIELDS;
const isArchiveName = (name: string) => /\.(apkg|colpkg|zip)$/i.test(name);

/** The fields a file of this format can fill: a CSV brings no media. */
const fieldsOf = (preview: ImportPreview) =>
  IMPORT_FIELDS.filter((field) => preview.format === 'apkg' || !MEDIA_FIELDS.includes(field));

/**
 * Words in from a CSV or an Anki package (docs/product/transfer.md#imports): the file is sent once for a
 * preview, the learner maps its columns to a word's fields and chooses the options, and the import runs as an
 * upload, which the upload screen follows with its progress and report. A backup (.zip) is restored instead.
 */
export function WordsImport() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const previewImport = usePreviewImport();
  const startImport = useStartImport();
  const inputId = useId();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({ spanish: 0 });
  const [hasHeaderRow, setHasHeaderRow] = useState(true);
  const [options, setOptions] = useState({
    enrichMissing: false,
    generateImages: false,
    overwriteExisting: false,
  });
  const [error, setError] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    setError(null);
    setFileName(file?.name ?? null);
    setPreview(null);
    if (!file) return;
    const limit = isArchiveName(file.name) ? MAX_IMPORT_ARCHIVE_BYTES : MAX_IMPORT_CSV_BYTES;
    if (file.size > limit) {
      setError(errorText(t, { code: 'import_too_large', params: { maxMb: limit / (1024 * 1024) } }));
      return;
    }
    try {
      const shown = await previewImport.mutateAsync(file);
      setPreview(shown);
      setMapping(shown.suggestedMapping);
      setHasHeaderRow(shown.hasHeaderRow);
    } catch (failure) {
      setError(serverErrorText(t, failure) ?? t('settingsDisplay.data.importFailed'));
    }
  };

  const run = async () => {
    if (!preview) return;
    setError(null);
    try {
      await startImport.mutateAsync({
        fileId: preview.fileId,
        mapping,
        options: { ...options, hasHeaderRow: preview.format === 'csv' && hasHeaderRow },
      });
      // The import is an upload: its screen shows the progress and the report.
      void navigate('/upload');
    } catch (failure) {
      setError(serverErrorText(t, failure) ?? t('settingsDisplay.data.importFailed'));
    }
  };

  const isCsvWithHeader = preview?.format === 'csv' && hasHeaderRow;
  const columnNames =
    preview?.columns.map((name, index) => {
      const header = isCsvWithHeader
        ? (preview.rows[0]?.[index] ?? '')
        : preview.format === 'apkg'
          ? name
          : '';
      return header.trim() || t('settingsDisplay.data.column', { number: index + 1 });
    }) ?? [];
  const dataRows = (isCsvWithHeader ? preview.rows.slice(1) : (preview?.rows ?? [])).slice(0, 5);
  // The preview counts rows under its own guess about the header; the learner's choice decides.
  const recordCount = preview ? preview.rowCount + (preview.hasHeaderRow ? 1 : 0) : 0;
  const rowCount = isCsvWithHeader ? recordCount - 1 : recordCount;
  const columnOptions = [
    { value: NO_COLUMN, label: t('settingsDisplay.data.noColumn') },
    ...columnNames.map((name, index) => ({ value: String(index), label: name })),
  ];
  const setColumn = (field: ImportField, value: string) => {
    // JSON leaves a field without a column out of the mapping sent.
    setMapping((current) => ({ ...current, [field]: value === NO_COLUMN ? undefined : Number(value) }));
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col items-start gap-2">
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('settingsDisplay.data.importFile')}
        </label>
        <FilePicker
          id={inputId}
          accept=".csv,.tsv,.txt,.apkg,.colpkg,.zip"
          fileName={fileName}
          onChange={(event) => void choose(event.target.files?.[0])}
        />
        {previewImport.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <LoaderCircle className="size-4 animate-spin" aria-hidden />
            {t('settingsDisplay.data.reading')}
          </p>
        ) : null}
      </div>

      {preview?.format === 'backup' ? <BackupRestore key={preview.fileId} preview={preview} /> : null}
      {preview && preview.format !== 'backup' ? (
        <div className="flex flex-col gap-4">
          <p className="text-sm" role="status">
            {t('settingsDisplay.data.previewSummary', { name: preview.fileName, count: rowCount })}
          </p>
          {preview.format === 'csv' ? (
            <SettingsSwitchField
              label={t('settingsDisplay.data.headerRow')}
              isChecked={hasHeaderRow}
              onCheckedChange={setHasHeaderRow}
            />
          ) : null}
          <div className="overflow-x-auto rounded-md border">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('settingsDisplay.data.previewCaption')}</caption>
              <thead>
                <tr>
                  {columnNames.map((name, index) => (
                    <th key={index} scope="col" className="border-b px-2 py-1 font-medium">
                      {name}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {dataRows.map((row, rowIndex) => (
                  <tr key={rowIndex}>
                    {columnNames.map((_, index) => (
                      <td key={index} className="max-w-48 truncate border-b px-2 py-1">
                        {row[index] ?? ''}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            {fieldsOf(preview).map((field) => (
              <SettingsSelectField
                key={field}
                label={t(`settingsDisplay.data.fields.${field}`)}
                value={mapping[field] === undefined ? NO_COLUMN : String(mapping[field])}
                options={field === 'spanish' ? columnOptions.slice(1) : columnOptions}
                onValueChange={(value) => setColumn(field, value)}
              />
            ))}
          </div>
          <SettingsSwitchField
            label={t('settingsDisplay.data.enrichMissing')}
            description={t('settingsDisplay.data.enrichMissingDescription')}
            isChecked={options.enrichMissing}
            onCheckedChange={(isChecked) =>
              setOptions((current) => ({ ...current, enrichMissing: isChecked }))
            }
          />
          <SettingsSwitchField
            label={t('settingsDisplay.data.generateImages')}
            isChecked={options.generateImages}
            onCheckedChange={(isChecked) =>
              setOptions((current) => ({ ...current, generateImages: isChecked }))
            }
          />
          <SettingsSwitchField
            label={t('settingsDisplay.data.overwriteExisting')}
            description={t('settingsDisplay.data.overwriteExistingDescription')}
            isChecked={options.overwriteExisting}
            onCheckedChange={(isChecked) =>
              setOptions((current) => ({ ...current, overwriteExisting: isChecked }))
            }
          />
          <div>
            <Button onClick={() => void run()} disabled={startImport.isPending}>
              {startImport.isPending ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <FileUp aria-hidden />
              )}
              {t('settingsDisplay.data.importStart', { count: rowCount })}
            </Button>
          </div>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
