import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/api/settings.api';
import { serverErrorText } from '../../../lib/error-text';
import { isJobActive } from '../../../../shared/realtime';
import { useJob } from '../../../lib/jobs/job.hook';
import { type JobSnapshot, pendingJob } from '../../../lib/jobs/job-state';
import { queryKeys } from '../../../lib/query-keys';
import { realtimeSocket } from '../../../lib/realtime-socket';
import { toast } from '../../../ui/toast-store';
import { useCancelJob } from '../api/cancel-job.api';
import { useProcessBatch } from '../api/process-batch.api';
import { useUploadFile } from '../api/upload-file.api';
import { summarizeResults, uploadJobOf } from '../lib/upload-job-state';
import { clearStoredUploadJob, readStoredUploadJob, writeStoredUploadJob } from '../lib/upload-job-storage';
import {
  buildTranslationLookup,
  countWordLines,
  hasText,
  stripEmojiFromText,
  type TranslationLookup,
  translationLookupFromText,
} from '../lib/upload-text';

/**
 * The upload style when the learner's settings have not loaded (docs/product/upload.md#upload-screen: default
 * sketch).
 */
const DEFAULT_UPLOAD_IMAGE_STYLE = 'sketch';

const emptyLookup: TranslationLookup = new Map();

const subscribeToSocketState = (onChange: () => void) => realtimeSocket.onState(onChange);

/**
 * Everything about the one upload job the screen watches: starting it (text or file), following it with
 * `useJob` (socket and status call), cancelling, closing its panel, and the completion message. The job
 * id is kept in localStorage so a reload mid-job picks the job up again.
 */
export function useUploadJob() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const processBatch = useProcessBatch();
  const uploadFile = useUploadFile();
  const cancelJob = useCancelJob();

  const [jobId, setJobId] = useState<string | null>(() => readStoredUploadJob()?.jobId ?? null);
  const [isPanelOpen, setIsPanelOpen] = useState(() => readStoredUploadJob() !== null);
  const [lookup, setLookup] = useState<TranslationLookup>(emptyLookup);
  const socketState = useSyncExternalStore(subscribeToSocketState, realtimeSocket.getState);

  const onFinish = (finished: JobSnapshot) => {
    // The stored flag covers reloads: a job whose end was handled before the reload is not announced again.
    const stored = readStoredUploadJob();
    if (stored?.jobId === finished.jobId) {
      if (stored.hasNotified) return;
      writeStoredUploadJob({ jobId: finished.jobId, hasNotified: true });
    }
    // Cancelled and failed jobs keep what they had saved, so the lists change whatever the ending.
    void queryClient.invalidateQueries({ queryKey: queryKeys.words.all });
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
    if (finished.status !== 'completed') return;
    const summary = summarizeResults(uploadJobOf(finished).results);
    toast({
      title: t('upload.toasts.completedTitle'),
      description: t('upload.toasts.completedDescription', {
        added: summary.added,
        duplicates: summary.duplicates,
        active: summary.activeDuplicates,
        inactive: summary.inactiveDuplicates,
        errors: summary.errors,
      }),
      variant: summary.isNothingAdded ? 'destructive' : 'default',
    });
  };
  const followed = useJob(jobId, { onFinish });
  const snapshot = followed.job;
  const job = useMemo(() => (snapshot ? uploadJobOf(snapshot) : null), [snapshot]);
  const isGone = followed.isGone;

  useEffect(() => {
    // The stored job no longer exists (another learner's browser, a reset database): forget it quietly.
    if (isGone) clearStoredUploadJob();
  }, [isGone]);

  const follow = (nextJobId: string, total: number, nextLookup: TranslationLookup) => {
    writeStoredUploadJob({ jobId: nextJobId, hasNotified: false });
    setLookup(nextLookup);
    setJobId(nextJobId);
    setIsPanelOpen(true);
    toast({
      title: t('upload.toasts.startedTitle'),
      description: t('upload.toasts.startedDescription', { count: total }),
    });
  };

  /** Resolves true when the job started, so the form can clear itself. */
  const submitText = async (rawText: string): Promise<boolean> => {
    const text = stripEmojiFromText(rawText);
    if (!hasText(text)) {
      toast({
        title: t('upload.toasts.noTextTitle'),
        description: t('upload.toasts.noTextDescription'),
        variant: 'destructive',
      });
      return false;
    }
    try {
      const total = countWordLines(text);
      const { jobId: nextJobId } = await followed.start(
        () =>
          processBatch.mutateAsync({
            text,
            enhanceWithAI: true,
            generateImages: true,
            imageStyle: settings.data?.defaultImageStyle ?? DEFAULT_UPLOAD_IMAGE_STYLE,
          }),
        (answer) => pendingJob(answer.jobId, total, null, []),
        // The upload page already listens on the socket, and an upload is never over before its first poll.
        { socketWaitMs: 0 },
      );
      follow(nextJobId, total, translationLookupFromText(text));
      return true;
    } catch (error) {
      toast({
        title: t('upload.toasts.startFailedTitle'),
        description: serverErrorText(t, error) ?? t('upload.toasts.startFailedDescription'),
        variant: 'destructive',
      });
      return false;
    }
  };

  const submitFile = async (file: File | null): Promise<boolean> => {
    if (!file) {
      toast({
        title: t('upload.toasts.noFileTitle'),
        description: t('upload.toasts.noFileDescription'),
        variant: 'destructive',
      });
      return false;
    }
    try {
      const answer = await followed.start(
        () => uploadFile.mutateAsync(file),
        (started) => pendingJob(started.jobId, started.processed, null, []),
        { socketWaitMs: 0 },
      );
      follow(answer.jobId, answer.processed, buildTranslationLookup(answer.words));
      return true;
    } catch (error) {
      toast({
        title: t('upload.toasts.uploadFailedTitle'),
        description: serverErrorText(t, error) ?? t('upload.toasts.uploadFailedDescription'),
        variant: 'destructive',
      });
      return false;
    }
  };

  const cancel = async () => {
    if (!jobId) return;
    try {
      await cancelJob.mutateAsync(jobId);
      toast({
        title: t('upload.toasts.cancelledTitle'),
        description: t('upload.toasts.cancelledDescription'),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.jobs.byId(jobId) });
    } catch (error) {
      toast({
        title: t('upload.toasts.cancelFailedTitle'),
        description: serverErrorText(t, error) ?? t('upload.toasts.cancelFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  /** Hides the panel and forgets the job across reloads; its results stay on the page until the next upload. */
  const closePanel = () => {
    if (jobId) realtimeSocket.forgetJob(jobId);
    clearStoredUploadJob();
    setIsPanelOpen(false);
  };

  const isStarting = processBatch.isPending || uploadFile.isPending;
  return {
    job,
    lookup,
    socketState,
    isPanelOpen: isPanelOpen && job !== null,
    isStarting,
    /** A job is running or about to: no second upload until it ends (spec: the button is disabled). */
    isBusy: isStarting || (job !== null && isJobActive(job.status)),
    isCancelling: cancelJob.isPending,
    submitText,
    submitFile,
    cancel,
    closePanel,
  };
}
