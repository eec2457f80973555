import { useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { jobPanelPlace } from '../lib/job-panel-place';
import { useQuery, useQueryClient } from '@tanstack/react-query';
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
import { currentUploadQueryOptions, useDismissUpload } from '../api/current-upload.api';
import { useProcessBatch } from '../api/process-batch.api';
import { useUploadFile } from '../api/upload-file.api';
import { followedUploadId, summarizeResults, type UploadChoices, uploadJobOf } from '../lib/upload-job-state';
import { readStoredUploadJob, writeStoredUploadJob } from '../lib/upload-job-storage';
import {
  buildTranslationLookup,
  countWordLines,
  hasText,
  linesNotAdded,
  stripEmojiFromText,
  type TranslationLookup,
  translationLookupFromText,
} from '../lib/upload-text';

const emptyLookup: TranslationLookup = new Map();

const subscribeToSocketState = (onChange: () => void) => realtimeSocket.onState(onChange);

/**
 * Everything about the one upload job the screen watches: starting it (text or file), following it with
 * `useJob` (socket and status call), cancelling, closing its panel, and the completion message. Which job
 * that is the server says (docs/product/upload.md#the-upload-comes-back): the learner's running or last
 * finished upload, so a reload, another tab or another device shows it until it is dismissed.
 */
export function useUploadJob() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useSettings();
  const processBatch = useProcessBatch();
  const uploadFile = useUploadFile();
  const cancelJob = useCancelJob();
  const dismissUpload = useDismissUpload();
  const current = useQuery(currentUploadQueryOptions(queryClient));

  /** Started in this tab and not yet named by the server's answer: followed until the answer catches up. */
  const [startedId, setStartedId] = useState<string | null>(null);
  /** Closed in this tab: its panel is gone, its results stay on the page until the next upload. */
  const [closedId, setClosedId] = useState<string | null>(null);
  const currentId = current.data?.job?.jobId ?? null;
  // Once the server names the job this tab started, its answer decides alone, so an upload started in
  // another tab or on another device takes this page over instead of the one this tab last showed.
  // (Adjusted while rendering, as React advises for state that follows other data: no extra pass.)
  if (startedId !== null && currentId === startedId) setStartedId(null);
  const jobId = followedUploadId({ startedId, currentId, closedId });
  const [lookup, setLookup] = useState<TranslationLookup>(emptyLookup);
  /** The text this tab's upload was started with, until the upload ends. */
  const submittedText = useRef<{ jobId: string; text: string } | null>(null);
  /** The lines the last upload of this tab did not add, for the text box (docs/product/upload.md#lines-not-added). */
  const [returnedLines, setReturnedLines] = useState<{ jobId: string; text: string } | null>(null);
  const socketState = useSyncExternalStore(subscribeToSocketState, realtimeSocket.getState);

  const onFinish = (finished: JobSnapshot) => {
    // The lines this tab sent that the upload did not add go back in the text box, never lost.
    const submitted = submittedText.current;
    if (submitted?.jobId === finished.jobId) {
      submittedText.current = null;
      setReturnedLines({ jobId: finished.jobId, text: linesNotAdded(submitted.text, uploadJobOf(finished)) });
    }
    // One announcement per browser: a job whose end this browser announced is not announced after a reload.
    const stored = readStoredUploadJob();
    if (stored?.jobId === finished.jobId && stored.hasNotified) return;
    writeStoredUploadJob({ jobId: finished.jobId, hasNotified: true });
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

  const follow = (nextJobId: string, total: number, nextLookup: TranslationLookup) => {
    writeStoredUploadJob({ jobId: nextJobId, hasNotified: false });
    setLookup(nextLookup);
    setStartedId(nextJobId);
    setClosedId(null);
    // The server's answer now names this job too: asked again, another tab's next visit agrees.
    void queryClient.invalidateQueries({ queryKey: queryKeys.uploads.current });
    toast({
      title: t('upload.toasts.startedTitle'),
      description: t(`upload.toasts.startedDescription.${jobPanelPlace(window.innerWidth)}`, {
        count: total,
      }),
    });
  };

  /** Resolves true when the job started, so the form can clear itself. */
  const submitText = async (rawText: string, choices: UploadChoices): Promise<boolean> => {
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
            // Left out while the settings load: the server then applies the learner's settings.
            ...(choices.generateImages === undefined ? {} : { generateImages: choices.generateImages }),
            ...(choices.imageStyle === undefined ? {} : { imageStyle: choices.imageStyle }),
          }),
        (answer) => pendingJob(answer.jobId, total, null, []),
        // The upload page already listens on the socket, and an upload is never over before its first poll.
        { socketWaitMs: 0 },
      );
      follow(nextJobId, total, translationLookupFromText(text));
      submittedText.current = { jobId: nextJobId, text: rawText };
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

  const submitFile = async (file: File | null, choices: UploadChoices): Promise<boolean> => {
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
        () =>
          uploadFile.mutateAsync({
            file,
            generateImages: choices.generateImages,
            imageStyle: choices.imageStyle,
          }),
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

  /**
   * Hides the panel and dismisses the finished job on the server, so no tab or device shows it again;
   * its results stay on this page until the next upload.
   */
  const closePanel = () => {
    if (!jobId) return;
    realtimeSocket.forgetJob(jobId);
    setClosedId(jobId);
    setStartedId(null);
    dismissUpload.mutate(jobId, {
      onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.uploads.current }),
      onError: (error) =>
        toast({
          title: t('upload.toasts.dismissFailedTitle'),
          description: serverErrorText(t, error) ?? t('upload.toasts.dismissFailedDescription'),
          variant: 'destructive',
        }),
    });
  };

  const isStarting = processBatch.isPending || uploadFile.isPending;
  return {
    /** The server has said which upload to show (or failed to): until then the screen holds its layout back. */
    isCurrentKnown: !current.isPending,
    autoGenerateImages: settings.data?.autoGenerateImages,
    defaultImageStyle: settings.data?.defaultImageStyle,
    job,
    lookup,
    socketState,
    isPanelOpen: job !== null && closedId !== job.jobId,
    isStarting,
    /** A job is running or about to: no second upload until it ends (spec: the button is disabled). */
    isBusy: isStarting || (job !== null && isJobActive(job.status)),
    isCancelling: cancelJob.isPending,
    returnedLines,
    submitText,
    submitFile,
    cancel,
    closePanel,
  };
}
