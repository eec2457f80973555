import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, LoaderCircle, X } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { Progress } from '../../../ui/progress.component';
import { isJobFinished } from '../../../../shared/realtime';
import { jobPercent, type TrackedJob } from '../lib/dictionary-jobs';

/** The maintenance jobs' progress, above the list, each closable once it has ended. */
export function DictionaryJobsPanel({
  jobs,
  onDismiss,
}: {
  jobs: readonly TrackedJob[];
  onDismiss: (jobId: string) => void;
}) {
  const { t } = useTranslation();
  if (jobs.length === 0) return null;
  return (
    <section aria-label={t('dictionary.jobs.regionLabel')} className="flex flex-col gap-2">
      {jobs.map((job) => (
        <JobRow key={job.jobId} job={job} onDismiss={() => onDismiss(job.jobId)} />
      ))}
    </section>
  );
}

function JobRow({ job, onDismiss }: { job: TrackedJob; onDismiss: () => void }) {
  const { t } = useTranslation();
  const labelId = useId();
  const kind = t(`dictionary.jobs.kinds.${job.kind}`);
  const isFinished = isJobFinished(job.status);
  return (
    <div
      className="flex items-center gap-3 rounded-lg border bg-card p-3"
      data-job-kind={job.kind}
      data-job-status={job.status}
    >
      {job.status === 'completed' ? (
        <CircleCheck className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
      ) : isFinished ? (
        <CircleX className="size-5 shrink-0" aria-hidden />
      ) : (
        <LoaderCircle className="size-5 shrink-0 animate-spin" aria-hidden />
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p id={labelId} className="flex flex-wrap gap-x-2 text-sm" aria-live="polite">
          <span className="font-semibold">{kind}</span>
          <span>{t(`dictionary.jobs.status.${job.status}`)}</span>
          <span className="tabular-nums text-muted-foreground">
            {t('dictionary.jobs.progress', { processed: job.processed, total: job.total })}
          </span>
        </p>
        <Progress value={jobPercent(job)} aria-labelledby={labelId} className="h-2" />
        {job.currentWord && !isFinished ? (
          <p className="truncate text-xs text-muted-foreground">
            {t('dictionary.jobs.currentWord', { word: job.currentWord })}
          </p>
        ) : null}
      </div>
      {isFinished ? (
        <Button
          variant="ghost"
          size="icon"
          onClick={onDismiss}
          aria-label={t('dictionary.jobs.close', { kind })}
        >
          <X aria-hidden />
        </Button>
      ) : null}
    </div>
  );
}
