import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_JOB_KINDS, type DictionaryJobKind } from '../../../../shared/api/dictionary';
import { isJobFinished } from '../../../../shared/realtime';
import { useJobs } from '../../../lib/jobs/job.hook';
import { type JobSnapshot, pendingJob } from '../../../lib/jobs/job-state';
import { toast } from '../../../ui/toast-store';
import {
  finishedCountsOf,
  type StartedJob,
  type TrackedJob,
  trackedJobOf,
  trackJob,
} from '../lib/dictionary-jobs';
import { useWordCache } from './word-cache.hook';

/** docs/product/dictionary.md#maintenance-actions: pictures are refreshed 1 s after a regeneration. */
const IMAGE_REFRESH_DELAY_MS = 1000;

const IMAGE_JOB_KINDS: readonly DictionaryJobKind[] = [
  DICTIONARY_JOB_KINDS.clearExpiredImages,
  DICTIONARY_JOB_KINDS.regenerateAllImages,
  DICTIONARY_JOB_KINDS.generateMissingImages,
];

/**
 * The maintenance jobs started from this screen, each followed with `useJobs` (socket and status call),
 * and the word list refetched when one ends.
 */
export function useDictionaryJobs() {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [started, setStarted] = useState<readonly StartedJob[]>([]);

  const onFinish = (job: JobSnapshot) => {
    const kind = started.find((candidate) => candidate.jobId === job.jobId)?.kind;
    if (!kind) return;
    const kindLabel = t(`dictionary.jobs.kinds.${kind}`);
    if (job.status === 'failed') {
      toast({
        title: kindLabel,
        description: t('dictionary.jobs.failedDescription'),
        variant: 'destructive',
      });
    } else {
      const counts = finishedCountsOf(job);
      toast({
        title: t('dictionary.jobs.finished', { kind: kindLabel }),
        description: counts
          ? t(`dictionary.jobs.finishedCounts.${kind}`, counts)
          : t('dictionary.jobs.finishedDescription', {
              processed: job.progress.processed,
              failed: job.progress.failed,
            }),
      });
    }
    if (IMAGE_JOB_KINDS.includes(kind)) setTimeout(cache.refetchAll, IMAGE_REFRESH_DELAY_MS);
    else cache.refetchAll();
  };
  const followed = useJobs(
    started.map((job) => job.jobId),
    { onFinish },
  );

  const jobs: TrackedJob[] = started.flatMap((job, index) => {
    const row = trackedJobOf(job, followed.jobs[index]?.job ?? null);
    return row ? [row] : [];
  });
  const running = jobs.filter((job) => !isJobFinished(job.status));

  /** Starts a job; rejects (the caller shows its own error toast) when the server refused. */
  const start = async (
    kind: DictionaryJobKind,
    request: () => Promise<{ jobId: string; totalWords: number }>,
  ): Promise<void> => {
    const { jobId, totalWords } = await followed.start(request, (answer) =>
      pendingJob(answer.jobId, answer.totalWords, kind),
    );
    setStarted((current) => trackJob(current, { jobId, kind }));
    toast({
      title: t('dictionary.jobs.started'),
      description: t('dictionary.jobs.startedDescription', { count: totalWords }),
    });
  };

  return {
    jobs,
    isRunning: (kind: DictionaryJobKind) => running.some((job) => job.kind === kind),
    start,
    dismiss: (jobId: string) => setStarted((current) => current.filter((job) => job.jobId !== jobId)),
  };
}
