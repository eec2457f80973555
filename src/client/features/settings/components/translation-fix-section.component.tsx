import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Languages, LoaderCircle, Square } from 'lucide-react';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { useSettings } from '../../../lib/api/settings.api';
import { KeyRequiredNote } from '../../../ui/key-required-note.component';
import { useRealtimeMessage } from '../../../lib/hooks/realtime-message.hook';
import { useJob } from '../../../lib/jobs/job.hook';
import { type JobSnapshot, pendingJob } from '../../../lib/jobs/job-state';
import { queryKeys } from '../../../lib/query-keys';
import { realtimeSocket } from '../../../lib/realtime-socket';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { Progress } from '../../../ui/progress.component';
import { toast } from '../../../ui/toast-store';
import { useRegenerateTranslations } from '../api/regenerate-translations.api';
import { useStopTranslationFix } from '../api/stop-translation-fix.api';
import {
  adoptableTranslationFixJob,
  recentCorrections,
  type TranslationFixDetails,
  translationFixDetailsRule,
  type TranslationFixLine,
  translationFixPercent,
  translationFixSummaryOf,
  translationFixView,
  TRANSLATION_FIX_JOB_KIND,
} from '../lib/translation-fix-state';

/** How long a start waits for the live connection before it goes ahead without it. */
const SOCKET_WAIT_MS = 5000;

/**
 * Re-translating every word with the language model (docs/product/settings.md#translation-fix): start,
 * stop, a progress bar fed over `/ws`, and the newest corrections. The run is followed with `useJob`; its
 * own messages (counters, corrections, errors, summary) are folded into the job's entry.
 */
export function TranslationFixSection() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const progressLabelId = useId();
  const correctionsTitleId = useId();
  const needsKeyId = useId();
  const { data: settings } = useSettings();
  // The fix is the language model's work: without its key the start is disabled and says why.
  const lacksKey = settings !== undefined && !settings.hasOpenaiApiKey;
  const [jobId, setJobId] = useState<string | null>(null);
  const [isConnecting, setIsConnecting] = useState(false);
  const [isRequesting, setIsRequesting] = useState(false);
  const [isStoppedHere, setIsStoppedHere] = useState(false);
  const start = useRegenerateTranslations();
  const stop = useStopTranslationFix();

  const onFinish = (finished: JobSnapshot<TranslationFixDetails>) => {
    // A failed run sends no summary and was never announced as finished; a run stopped here was announced.
    if (finished.status === 'failed' || isStoppedHere) return;
    const details = finished.details ?? translationFixDetailsRule.initial;
    const counts = translationFixSummaryOf(finished, details) ?? details.progress;
    toast({
      title: t('settingsProviders.translationFix.completed'),
      description: t('settingsProviders.translationFix.completedDescription', {
        regenerated: counts?.regenerated ?? 0,
        failed: counts?.failed ?? 0,
      }),
    });
  };
  const followed = useJob(jobId, { details: translationFixDetailsRule, onFinish });
  const state = translationFixView({
    job: followed.job,
    details: followed.details ?? translationFixDetailsRule.initial,
    isRequesting,
    isStoppedHere,
  });

  useRealtimeMessage((message) => {
    if (message.type === 'translation_regeneration_error')
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.translationFix.wordError', {
          spanish: message.wordData.spanish,
          error: errorText(t, message.error),
        }),
        variant: 'destructive',
      });
    if (isRequesting) return;
    const adopted = adoptableTranslationFixJob(
      message,
      jobId === null ? null : (followed.job ?? { jobId, status: 'pending' }),
    );
    if (adopted) {
      setIsStoppedHere(false);
      setJobId(adopted);
    }
  });

  const startFix = async () => {
    try {
      setIsConnecting(true);
      // The fix of a short list takes a moment: its corrections must not arrive before the socket does.
      await realtimeSocket.whenOpen(SOCKET_WAIT_MS);
      setIsConnecting(false);
      setIsRequesting(true);
      setIsStoppedHere(false);
      const answer = await followed.start(
        () => start.mutateAsync(),
        (started) => pendingJob(started.jobId, started.summary.totalWords, TRANSLATION_FIX_JOB_KIND),
        { socketWaitMs: 0 },
      );
      setJobId(answer.jobId);
      setIsRequesting(false);
      // A short run can end before the answer to its start: then 'started' must not replace 'completed'
      // (one toast at a time).
      const known = queryClient.getQueryData<JobSnapshot<TranslationFixDetails>>(
        queryKeys.jobs.byId(answer.jobId),
      );
      if (known?.details?.summary) return;
      toast({
        title: t('settingsProviders.translationFix.started'),
        description: t('settingsProviders.translationFix.startedDescription', {
          count: answer.summary.totalWords,
        }),
      });
    } catch (error) {
      setIsConnecting(false);
      setIsRequesting(false);
      toast({
        title: t('settingsProviders.common.errorTitle'),
        // A coded answer (a key removed in another tab: translation_fix_key_missing) says what is wrong.
        description: serverErrorText(t, error) ?? t('settingsProviders.translationFix.startFailed'),
        variant: 'destructive',
      });
    }
  };

  const stopFix = async () => {
    try {
      await stop.mutateAsync();
      setIsStoppedHere(true);
      toast({ description: t('settingsProviders.translationFix.stopped') });
    } catch {
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.translationFix.stopFailed'),
        variant: 'destructive',
      });
    }
  };

  const percent = translationFixPercent(state);
  const corrections = recentCorrections(state);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.translationFix.title')}</CardTitle>
        <CardDescription>{t('settingsProviders.translationFix.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-wrap gap-2">
          <Button
            onClick={() => void startFix()}
            disabled={lacksKey || state.isActive || isConnecting || start.isPending}
            aria-describedby={lacksKey ? needsKeyId : undefined}
          >
            {isConnecting || start.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Languages aria-hidden />
            )}
            {t('settingsProviders.translationFix.start')}
          </Button>
          <Button
            variant="outline"
            onClick={() => void stopFix()}
            disabled={!state.isActive || stop.isPending}
          >
            <Square aria-hidden />
            {t('settingsProviders.translationFix.stop')}
          </Button>
        </div>
        {lacksKey ? (
          <KeyRequiredNote id={needsKeyId} reason={t('settingsProviders.translationFix.needsKey')} />
        ) : null}

        {state.hasRun ? (
          <div className="flex flex-col gap-2" aria-live="polite">
            <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
              <span id={progressLabelId} className="font-medium">
                {t('settingsProviders.translationFix.progressLabel')}
              </span>
              <span className="tabular-nums text-muted-foreground">
                {t('settingsProviders.translationFix.progress', {
                  current: state.current,
                  total: state.total,
                  percent,
                })}
              </span>
            </div>
            <Progress value={percent} aria-labelledby={progressLabelId} />
            <p className="text-sm text-muted-foreground">{state.line ? lineText(t, state.line) : null}</p>
            {state.isActive && state.currentWord ? (
              <p className="text-sm">
                {t('settingsProviders.translationFix.currentWord', { word: state.currentWord })}
              </p>
            ) : null}
            <p className="text-sm text-muted-foreground">
              {t('settingsProviders.translationFix.counters', {
                regenerated: state.regenerated,
                failed: state.failed,
              })}
            </p>
          </div>
        ) : null}

        {corrections.length > 0 ? (
          <section aria-labelledby={correctionsTitleId} className="flex flex-col gap-2">
            <h3 id={correctionsTitleId} className="text-sm font-semibold">
              {t('settingsProviders.translationFix.correctionsTitle')}
            </h3>
            <ul className="flex flex-col gap-1 text-sm">
              {corrections.map((correction, index) => (
                // Corrections have no id and the same word may be corrected twice; position is stable enough.
                <li key={`${correction.spanish}-${index}`}>
                  {t('settingsProviders.translationFix.correction', correction)}
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </CardContent>
    </Card>
  );
}

function lineText(t: TFunction, line: TranslationFixLine): string {
  switch (line.kind) {
    case 'starting':
      return t('settingsProviders.translationFix.starting');
    case 'preparing':
      return t('settingsProviders.translationFix.preparing');
    case 'processed':
      return t('settingsProviders.translationFix.processed', { current: line.current, total: line.total });
    case 'stopped':
      return t('settingsProviders.translationFix.stoppedSummary', line);
    case 'done':
      return t('settingsProviders.translationFix.doneSummary', line);
  }
}
