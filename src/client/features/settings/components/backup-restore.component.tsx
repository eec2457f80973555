import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArchiveRestore, LoaderCircle } from 'lucide-react';
import { type ImportPreview, restoreResultsSchema } from '../../../../shared/api/transfer';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { jobPercent } from '../../../lib/jobs/job-progress';
import { Button } from '../../../ui/button.component';
import { Progress } from '../../../ui/progress.component';
import { useStartImport } from '../api/start-import.api';

/** The errors the report lists; the rest are counted. */
const SHOWN_ERRORS = 10;

/**
 * A previewed backup restored into the account (docs/product/transfer.md#backup): what it holds, then the
 * restore followed in place as a job to its report — words added, words kept as the account had them,
 * errors.
 */
export function BackupRestore({ preview }: { preview: ImportPreview }) {
  const { t, i18n } = useTranslation();
  const startImport = useStartImport();
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { job, start } = useJob(jobId);
  const progressLabelId = useId();
  const summary = preview.backup;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' });

  const run = async () => {
    setError(null);
    try {
      const { jobId: startedId } = await start(
        () => startImport.mutateAsync({ fileId: preview.fileId, mapping: { spanish: 0 }, options: {} }),
        (answer) => pendingJob(answer.jobId, 0),
        { socketWaitMs: 0 },
      );
      setJobId(startedId);
    } catch (failure) {
      setError(serverErrorText(t, failure) ?? t('settingsDisplay.data.importFailed'));
    }
  };

  const isRunning = startImport.isPending || job?.status === 'pending' || job?.status === 'processing';
  const results = job?.status === 'completed' ? restoreResultsSchema.safeParse(job.results).data : undefined;

  return (
    <div className="flex flex-col items-start gap-3">
      {summary ? (
        <p className="text-sm" role="status">
          {t('settingsDisplay.data.backupSummary', {
            date: date.format(new Date(summary.createdAt)),
            words: summary.rows.words ?? 0,
            books: summary.rows.audiobooks ?? 0,
            reviews: summary.rows.review_logs ?? 0,
            media: summary.mediaFiles,
          })}
        </p>
      ) : null}
      {!jobId ? (
        <Button onClick={() => void run()} disabled={isRunning}>
          {isRunning ? <LoaderCircle className="animate-spin" aria-hidden /> : <ArchiveRestore aria-hidden />}
          {t('settingsDisplay.data.restore')}
        </Button>
      ) : null}
      {job && isRunning ? (
        <div className="flex w-full max-w-md flex-col gap-1">
          <p id={progressLabelId} role="status" className="text-sm">
            {t('settingsDisplay.data.restoring')}
          </p>
          <Progress value={jobPercent(job)} aria-labelledby={progressLabelId} />
        </div>
      ) : null}
      {results ? (
        <div role="status" className="flex flex-col gap-1 text-sm">
          <p>
            {t('settingsDisplay.data.restored', {
              words: results.words.length + results.moreWords,
              books: results.restored.audiobooks ?? 0,
              media: results.mediaFiles,
            })}
          </p>
          {results.duplicates.length > 0 ? (
            <p>
              {t('settingsDisplay.data.restoredDuplicates', {
                count: results.duplicates.length + results.moreDuplicates,
              })}
            </p>
          ) : null}
          {results.errors.length > 0 ? (
            <ul className="list-disc pl-5 text-destructive">
              {results.errors.slice(0, SHOWN_ERRORS).map((failure, index) => (
                <li key={index}>{errorText(t, failure)}</li>
              ))}
            </ul>
          ) : null}
          {results.errors.length + results.moreErrors > SHOWN_ERRORS ? (
            <p className="text-destructive">
              {t('settingsDisplay.data.restoreMoreErrors', {
                count: results.errors.length + results.moreErrors - SHOWN_ERRORS,
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {job?.status === 'failed' || error ? (
        <p role="alert" className="text-sm text-destructive">
          {job?.error ? errorText(t, job.error) : (error ?? t('settingsDisplay.data.importFailed'))}
        </p>
      ) : null}
    </div>
  );
}
