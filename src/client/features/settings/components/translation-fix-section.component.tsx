import { useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Languages, LoaderCircle, Square } from 'lucide-react';
import { useRealtimeMessage } from '../../../lib/hooks/realtime-message.hook';
import { errorText } from '../../../lib/error-text';
import { realtimeSocket } from '../../../lib/realtime-socket';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { Progress } from '../../../ui/progress.component';
import { toast } from '../../../ui/toast-store';
import { useRegenerateTranslations } from '../api/regenerate-translations.api';
import { useStopTranslationFix } from '../api/stop-translation-fix.api';
import {
  initialTranslationFixState,
  recentCorrections,
  translationFixActionOf,
  translationFixPercent,
  translationFixReducer,
} from '../lib/translation-fix-state';

/** How long a start waits for the live connection before it goes ahead without it. */
const SOCKET_WAIT_MS = 5000;

/**
 * Re-translating every word with the language model (spec part 2 §4 "Translation regeneration"): start,
 * stop, a progress bar fed over `/ws`, and the newest corrections.
 */
export function TranslationFixSection() {
  const { t } = useTranslation();
  const progressLabelId = useId();
  const correctionsTitleId = useId();
  const [state, dispatch] = useReducer(translationFixReducer, initialTranslationFixState);
  const [isConnecting, setIsConnecting] = useState(false);
  // Set by the summary message, synchronously: a short run can end before the answer to its start,
  // and then 'started' must not replace 'completed' (one toast at a time).
  const summariesReceived = useRef(0);
  const start = useRegenerateTranslations();
  const stop = useStopTranslationFix();

  useRealtimeMessage((message) => {
    const action = translationFixActionOf(message);
    if (!action) return;
    dispatch(action);
    if (action.type === 'error')
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.translationFix.wordError', {
          spanish: action.spanish,
          error: errorText(t, action.error),
        }),
        variant: 'destructive',
      });
    if (action.type === 'complete') summariesReceived.current += 1;
    if (action.type === 'complete' && !state.isStopped)
      toast({
        title: t('settingsProviders.translationFix.completed'),
        description: t('settingsProviders.translationFix.completedDescription', {
          regenerated: action.summary.regenerated,
          failed: action.summary.failed,
        }),
      });
  });

  const startFix = async () => {
    try {
      setIsConnecting(true);
      // The fix of a short list takes a moment: its corrections must not arrive before the socket does.
      await realtimeSocket.whenOpen(SOCKET_WAIT_MS);
      setIsConnecting(false);
      dispatch({ type: 'request' });
      const summariesBefore = summariesReceived.current;
      const { jobId, summary } = await start.mutateAsync();
      dispatch({ type: 'start', jobId, totalWords: summary.totalWords });
      if (summariesReceived.current !== summariesBefore) return;
      toast({
        title: t('settingsProviders.translationFix.started'),
        description: t('settingsProviders.translationFix.startedDescription', { count: summary.totalWords }),
      });
    } catch {
      setIsConnecting(false);
      dispatch({ type: 'startFailed' });
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.translationFix.startFailed'),
        variant: 'destructive',
      });
    }
  };

  const stopFix = async () => {
    try {
      await stop.mutateAsync();
      dispatch({ type: 'stop' });
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
  const hasRun = state.isActive || state.total > 0;

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
            disabled={state.isActive || isConnecting || start.isPending}
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

        {hasRun ? (
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
            <p className="text-sm text-muted-foreground">
              {state.phase === 'running'
                ? t('settingsProviders.translationFix.processed', {
                    current: state.current,
                    total: state.total,
                  })
                : state.phase === 'done' || state.phase === 'stopped'
                  ? t(`settingsProviders.translationFix.${state.phase}Summary`, {
                      regenerated: state.regenerated,
                      total: state.total,
                    })
                  : state.isActive
                    ? t('settingsProviders.translationFix.starting')
                    : null}
            </p>
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
