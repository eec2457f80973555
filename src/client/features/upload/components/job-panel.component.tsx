import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Ban, CircleAlert, CircleCheck, Clock, LoaderCircle, Wifi, WifiOff, X } from 'lucide-react';
import type { UploadJob } from '../../../../shared/api/uploads';
import { cn } from '../../../lib/cn';
import { errorText } from '../../../lib/error-text';
import type { SocketState } from '../../../lib/realtime-socket';
import { Button } from '../../../ui/button.component';
import { Progress } from '../../../ui/progress.component';
import { jobDoneCount, jobPercent } from '../lib/upload-job-state';
import { isJobActive, isJobFinished, type JobStatus } from '../../../../shared/realtime';

const STATUS_ICONS: Record<JobStatus, typeof Clock> = {
  pending: Clock,
  processing: LoaderCircle,
  completed: CircleCheck,
  failed: CircleAlert,
  cancelled: Ban,
};

const STATUS_ICON_CLASSES: Record<JobStatus, string> = {
  pending: 'text-muted-foreground',
  processing: 'animate-spin text-primary dark:text-foreground',
  completed: 'text-green-700 dark:text-green-400',
  failed: 'text-red-700 dark:text-red-400',
  cancelled: 'text-muted-foreground',
};

interface JobPanelProps {
  job: UploadJob;
  socketState: SocketState;
  isCancelling: boolean;
  onCancel: () => void;
  onClose: () => void;
}

/**
 * The job's status: in the page's flow below 1024 px, where a fixed panel would cover the form on a phone,
 * and fixed at the bottom right on a wide screen (docs/product/upload.md#upload-screen). Cancel while the
 * job runs, close once it ended (docs/product/jobs.md#cancellation: cancel only while processing, close
 * on the three ends).
 */
export function JobPanel({ job, socketState, isCancelling, onCancel, onClose }: JobPanelProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const barLabelId = useId();
  const { status, progress } = job;
  const StatusIcon = STATUS_ICONS[status];
  const percent = jobPercent(job);

  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-xl border bg-card p-4 text-card-foreground shadow-sm lg:fixed lg:right-4 lg:bottom-4 lg:z-40 lg:w-96 lg:shadow-xl"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="flex min-w-0 items-center gap-2">
          <StatusIcon className={cn('size-5 shrink-0', STATUS_ICON_CLASSES[status])} aria-hidden />
          <h2 id={titleId} className="font-semibold" aria-live="polite">
            <span className="sr-only">{t('upload.panel.label')}: </span>
            {t(`upload.panel.status.${status}`)}
          </h2>
        </div>
        {isJobFinished(status) ? (
          <Button variant="ghost" size="icon" className="-mt-2 -mr-2 size-9" onClick={onClose}>
            <X aria-hidden />
            <span className="sr-only">{t('upload.panel.close')}</span>
          </Button>
        ) : null}
      </div>

      <div className="flex flex-col gap-1.5">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id={barLabelId}>{t('upload.panel.barLabel')}</span>
          <span className="tabular-nums text-muted-foreground">
            {t('upload.panel.counts', { done: jobDoneCount(job), total: progress.total })} ·{' '}
            {t('upload.progress.percent', { percent })}
          </span>
        </div>
        <Progress value={percent} aria-labelledby={barLabelId} />
        {progress.failed > 0 ? (
          <p className="text-sm text-muted-foreground">
            {t('upload.panel.failedCount', { count: progress.failed })}
          </p>
        ) : null}
      </div>

      {status === 'failed' ? (
        <div role="alert" className="flex flex-col gap-1 text-sm">
          <p>{t('upload.panel.failedHint')}</p>
          {job.error ? <p className="text-muted-foreground">{errorText(t, job.error)}</p> : null}
        </div>
      ) : null}

      {isJobActive(status) ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          <SocketStatus state={socketState} />
          <Button variant="outline" size="sm" onClick={onCancel} disabled={isCancelling}>
            {isCancelling ? <LoaderCircle className="animate-spin" aria-hidden /> : <Ban aria-hidden />}
            {t('upload.panel.cancel')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Whether updates arrive live; when the socket gave up, the 2 s poll still moves the panel. */
function SocketStatus({ state }: { state: SocketState }) {
  const { t } = useTranslation();
  const isLive = state === 'open';
  const Icon = isLive ? Wifi : WifiOff;
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-xs text-muted-foreground">
      <Icon className="size-3.5 shrink-0" aria-hidden />
      <span>{t(`upload.panel.socket.${state}`)}</span>
    </p>
  );
}
