import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Download, FileSpreadsheet, LoaderCircle } from 'lucide-react';
import { exportResultsSchema } from '../../../../shared/api/transfer';
import { errorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { jobPercent } from '../../../lib/jobs/job-progress';
import { Button } from '../../../ui/button.component';
import { Progress } from '../../../ui/progress.component';
import { useStartExport } from '../api/start-export.api';
import { SettingsSection } from './settings-field.component';

/** The Data tab (docs/product/transfer.md): the learner's words out, as a file. */
export function DataTab() {
  return (
    <div className="flex flex-col gap-6">
      <CsvExport />
    </div>
  );
}

function CsvExport() {
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
        () => startExport.mutateAsync({ format: 'csv' }),
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
  const size = new Intl.NumberFormat(i18n.language, {
    style: 'unit',
    unit: 'kilobyte',
    maximumFractionDigits: 1,
  });
  const expiry = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <SettingsSection
      title={t('settingsDisplay.data.exportTitle')}
      description={t('settingsDisplay.data.exportDescription')}
    >
      <div className="flex flex-col items-start gap-3">
        <Button onClick={() => void run()} disabled={isRunning}>
          {isRunning ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <FileSpreadsheet aria-hidden />
          )}
          {t('settingsDisplay.data.exportCsv')}
        </Button>
        {job && isRunning ? (
          <div className="flex w-full max-w-md flex-col gap-1">
            <p id={progressLabelId} role="status" className="text-sm">
              {t('settingsDisplay.data.exportProgress', {
                done: job.progress.processed,
                total: job.progress.total,
              })}
            </p>
            <Progress value={jobPercent(job)} aria-labelledby={progressLabelId} />
          </div>
        ) : null}
        {results?.downloadUrl ? (
          <div role="status" className="flex flex-col gap-1">
            <p className="text-sm">
              {t('settingsDisplay.data.exportReady', {
                count: results.words,
                size: size.format(results.byteSize / 1024),
              })}
            </p>
            <Button asChild variant="outline">
              <a href={results.downloadUrl} download={results.fileName}>
                <Download aria-hidden />
                {t('settingsDisplay.data.download', { name: results.fileName })}
              </a>
            </Button>
            {results.expiresAt ? (
              <p className="text-sm text-muted-foreground">
                {t('settingsDisplay.data.expires', { time: expiry.format(new Date(results.expiresAt)) })}
              </p>
            ) : null}
          </div>
        ) : null}
        {job?.status === 'failed' || hasStartFailed ? (
          <p role="alert" className="text-sm text-destructive">
            {job?.error ? errorText(t, job.error) : t('settingsDisplay.data.exportFailed')}
          </p>
        ) : null}
      </div>
    </SettingsSection>
  );
}
