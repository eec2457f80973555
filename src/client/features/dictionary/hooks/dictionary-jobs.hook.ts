import { useEffect, useRef, useState } from 'react';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_JOB_KINDS, type DictionaryJobKind } from '../../../../shared/api/dictionary';
import { useRealtimeMessage } from '../../../lib/hooks/realtime-message.hook';
import { realtimeSocket } from '../../../lib/realtime-socket';
import { toast } from '../../../ui/toast-store';
import { dictionaryJobQueryOptions, fetchDictionaryJobStatus } from '../api/dictionary-job.api';
import { isJobFinished } from '../../../lib/job-status';
import { applyJobMessage, startedJob, type TrackedJob, trackJob } from '../lib/dictionary-jobs';
import { useWordCache } from './word-cache.hook';

/** Long enough for the socket to open on a slow start, short enough not to feel like a hang. */
const SOCKET_WAIT_MS = 3000;
/** Spec part 1 §9: pictures are refreshed 1 s after a regeneration. */
const IMAGE_REFRESH_DELAY_MS = 1000;

const IMAGE_JOB_KINDS: readonly DictionaryJobKind[] = [
  DICTIONARY_JOB_KINDS.clearExpiredImages,
  DICTIONARY_JOB_KINDS.regenerateAllImages,
  DICTIONARY_JOB_KINDS.generateMissingImages,
];

/**
 * The maintenance jobs started from this screen: their progress from `jobProgress` messages (with a
 * slow poll as a safety net), and the word list refetched when one ends.
 */
export function useDictionaryJobs() {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [jobs, setJobs] = useState<readonly TrackedJob[]>([]);
  const handled = useRef(new Set<string>());

  useRealtimeMessage((message) => setJobs((current) => applyJobMessage(current, message)));

  const running = jobs.filter((job) => !isJobFinished(job.status));
  useQueries({
    queries: running.map((job) => ({
      ...dictionaryJobQueryOptions(job.jobId),
      queryFn: async ({ signal }: { signal: AbortSignal }) => {
        const answer = await fetchDictionaryJobStatus(job.jobId, signal);
        setJobs((current) => applyJobMessage(current, { type: 'jobProgress', ...answer }));
        return answer;
      },
    })),
  });

  useEffect(() => {
    for (const job of jobs) {
      if (!isJobFinished(job.status) || handled.current.has(job.jobId)) continue;
      handled.current.add(job.jobId);
      realtimeSocket.forgetJob(job.jobId);
      const kind = t(`dictionary.jobs.kinds.${job.kind}`);
      if (job.status === 'failed') {
        toast({ title: kind, description: t('dictionary.jobs.failedDescription'), variant: 'destructive' });
      } else {
        toast({
          title: t('dictionary.jobs.finished', { kind }),
          description: t('dictionary.jobs.finishedDescription', {
            processed: job.processed,
            failed: job.failed,
          }),
        });
      }
      if (IMAGE_JOB_KINDS.includes(job.kind)) setTimeout(cache.refetchAll, IMAGE_REFRESH_DELAY_MS);
      else cache.refetchAll();
    }
  }, [jobs, t, cache]);

  /** Starts a job; resolves false (the caller shows its own error toast) when the server refused. */
  const start = async (
    kind: DictionaryJobKind,
    request: () => Promise<{ jobId: string; totalWords: number }>,
  ): Promise<void> => {
    // A fast job could end before the socket is open; waiting first means no message is missed.
    await realtimeSocket.whenOpen(SOCKET_WAIT_MS);
    const { jobId, totalWords } = await request();
    realtimeSocket.subscribeToJob(jobId);
    setJobs((current) => trackJob(current, startedJob(jobId, kind, totalWords)));
    toast({
      title: t('dictionary.jobs.started'),
      description: t('dictionary.jobs.startedDescription', { count: totalWords }),
    });
  };

  return {
    jobs,
    isRunning: (kind: DictionaryJobKind) => running.some((job) => job.kind === kind),
    start,
    dismiss: (jobId: string) => setJobs((current) => current.filter((job) => job.jobId !== jobId)),
  };
}
