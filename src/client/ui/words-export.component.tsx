import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileArchive, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { type ExportFormat, exportResultsSchema } from '../../shared/api/transfer';
import { errorText } from '../lib/error-text';
import { useJob } from '../lib/jobs/job.hook';
import { pendingJob } from '../lib/jobs/job-state';
import { jobPercent } from '../lib/jobs/job-progress';
import { Button } from './button.component';
import { Progress } from './progress.component';
import { useStartExport } from '../lib/api/start-export.api';

/**
 * An export of the learner's words (docs/product/transfer.md#exports) as a CSV or an Anki package, started
 * here and followed as a job to its download link: all of them (Settings → 'Данные') or the given ones (the
 * dictionary's filter or selection).
 */
export function WordsExport({
  format,
  wordIds,
  label,
}: {
  format: ExportFormat;
  wordIds?: readonly number[];
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const startExport = useStartExport();
  const [jobId, setJobId] = useState<string | null>(null);
  const [hasStartFailed, setHasStartFailed] = useState(false);
  const { job, start } = useJob(jobId);
  const progressLabelId = useId();

  const run = async () => {
    setHasStartFailed(false);
    try {
      const { jobId: startedId } = await start(
        () => startExport.mutateAsync({ format, ...(wordIds ? { wordIds: [...wordIds] } : {}) }),
        (answer) => pendingJob(answer.jobId, 0),
        { socketWaitMs: 0 },
      );
      setJobId(startedId);
    } catch {
      setHasStartFailed(true);
    }
  };

  const isRunning = startExport.isPending || job?.status === 'pending' || job?.status === 'processing';
  const results = job?.status === 'completed' ? exportResultsSchema.safeParse(job.results).data : undefined;

  return (
    <div className="flex flex-col items-start gap-3">
      <Button onClick={() => void run()} disabled={isRunning || wordIds?.length === 0}>
        {isRunning ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : format === 'csv' ? (
          <FileSpreadsheet aria-hidden />
        ) : (
          <FileArchive aria-hidden />
        )}
        {label}
      </Button>
      {job && isRunning ? (
        <div className="flex w-full max-w-md flex-col gap-1">
          <p id={progressLabelId} role="status" className="text-sm">
            {format === 'backup'
              ? t('exportWords.backupProgress', { percent: Math.round(jobPercent(job)) })
              : t(
                  // An Anki package first voices the words that lack a clip (docs/product/transfer.md#anki-packages).
                  job.progress.stage === 'audio' ? 'exportWords.clipsProgress' : 'exportWords.exportProgress',
                  { done: job.progress.processed + job.progress.failed, total: job.progress.total },
                )}
          </p>
          <Progress value={jobPercent(job)} aria-labelledby={progressLabelId} />
        </div>
      ) : null}
      {results?.downloadUrl ? (
        <div role="status" className="flex flex-col gap-1">
          <p className="text-sm">
            {t('exportWords.exportReady', {
              count: results.words,
              // Formatters are made only here: building one costs a phone milliseconds on every render.
              size: new Intl.NumberFormat(i18n.language, {
                style: 'unit',
                unit: 'kilobyte',
                maximumFractionDigits: 1,
              }).format(results.byteSize / 1024),
            })}
          </p>
          <Button asChild variant="outline">
            <a href={results.downloadUrl} download={results.fileName}>
              <Download aria-hidden />
              {t('exportWords.download', { name: results.fileName })}
            </a>
          </Button>
          {results.expiresAt ? (
            <p className="text-sm text-muted-foreground">
              {t('exportWords.expires', {
                time: new Intl.DateTimeFormat(i18n.language, {
                  dateStyle: 'medium',
                  timeStyle: 'short',
                }).format(new Date(results.expiresAt)),
              })}
            </p>
          ) : null}
        </div>
      ) : null}
      {job?.status === 'failed' || hasStartFailed ? (
        <p role="alert" className="text-sm text-destructive">
          {job?.error ? errorText(t, job.error) : t('exportWords.exportFailed')}
        </p>
      ) : null}
    </div>
  );
}
