import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Home, Plus, RotateCcw, Undo2, WifiOff } from 'lucide-react';
import type { ReviewQueue } from '../../../shared/api/review';
import { isSpanishAnswer } from '../../../shared/catalogs/review';
import { previewGrades } from '../../../shared/review/review-scheduler';
import { checkTypedAnswer, type AnswerCheck } from '../../../shared/review/typed-answer';
import { settingsDefaults } from '../../../shared/api/settings';
import { useReviewStats } from '../../lib/api/review-stats.api';
import { serverErrorText } from '../../lib/error-text';
import { useSettings } from '../../lib/api/settings.api';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button.component';
import { Card, CardContent } from '../../ui/card.component';
import { Input } from '../../ui/input.component';
import { useReviewQueue } from './api/review-queue.api';
import { AccentBar } from './components/accent-bar.component';
import { GradeButtons } from './components/grade-buttons.component';
import { ReviewCardView } from './components/review-card.component';
import { TypedAnswerDiff } from './components/typed-answer-diff.component';
import { useReviewKeyboard, useUndoKey } from './hooks/review-keyboard.hook';
import { useReviewSession } from './hooks/review-session.hook';
import { relativeDueOf, relativeDueText } from './lib/relative-due';
import { countsOf, type SessionCounts, summaryOf, type ReviewSession } from './lib/review-session';

/**
 * `/review` (docs/product/review.md): one card at a time, prompt first; Space or the button reveals the
 * answer, 1–4 or the buttons grade it. The queue is fetched once when the session starts, and the session
 * carries on offline.
 */
export function ReviewPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('review.heading'));
  // New cards past the day's limit the learner asked for in this visit, ten at a time.
  const [extraNew, setExtraNew] = useState(0);
  const queue = useReviewQueue(extraNew);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4">
      <h1 className="text-3xl font-bold tracking-tight">{t('review.heading')}</h1>
      {queue.isError ? (
        <div className="flex flex-col items-start gap-3">
          <p role="alert">{t('review.loadFailed')}</p>
          <Button onClick={() => void queue.refetch()}>{t('review.retry')}</Button>
        </div>
      ) : !queue.data ? (
        <p role="status" className="text-muted-foreground">
          {t('review.loading')}
        </p>
      ) : (
        <ReviewRun
          key={`${extraNew}-${queue.dataUpdatedAt}`}
          queue={queue.data}
          onMore={() => void queue.refetch()}
          onMoreNew={() => setExtraNew((extra) => extra + MORE_NEW_CARDS)}
        />
      )}
    </div>
  );
}

/** How many new cards past the day's limit 'Ещё 10 новых' brings (docs/product/review.md#more-new-cards). */
const MORE_NEW_CARDS = 10;

function ReviewRun({
  queue,
  onMore,
  onMoreNew,
}: {
  queue: ReviewQueue;
  onMore: () => void;
  onMoreNew: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const {
    session,
    isRevealed,
    reveal,
    grade,
    undo,
    canUndo,
    undoRefusal,
    pendingCount,
    isReady,
    flushGrades,
  } = useReviewSession(queue, () => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.review.stats });
    // A grade is study (docs/product/progress.md#daily-activity): Home's goal, time and streak move with it.
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
  });
  useUndoKey(isReady && canUndo, undo);
  if (!isReady) return null;
  const { current } = session;
  return (
    <>
      {pendingCount > 0 ? <PendingNotice count={pendingCount} /> : null}
      {undoRefusal ? <UndoRefusal error={undoRefusal} /> : null}
      {canUndo ? (
        <div className="flex justify-end">
          <Button variant="outline" size="sm" onClick={undo} aria-keyshortcuts="Control+Z Meta+Z">
            <Undo2 aria-hidden />
            {t('review.undo')}
          </Button>
        </div>
      ) : null}
      {current ? (
        <ReviewTurn
          // A fresh turn per card shown: its typed answer, clip and timers start over.
          key={`${current.id}-${session.grades.length}`}
          queue={queue}
          session={session}
          isRevealed={isRevealed}
          onReveal={reveal}
          onGrade={grade}
        />
      ) : (
        <ReviewEnd
          session={session}
          hasGraded={session.grades.length > 0}
          // The next queue is asked once the server knows this session's grades.
          onMore={() => void flushGrades().then(onMore)}
          onMoreNew={queue.hasMoreNew ? () => void flushGrades().then(onMoreNew) : null}
        />
      )}
    </>
  );
}

/** New, learning and due cards still to come, moving with each grade and each undo (Anki's three numbers). */
function SessionCountsLine({ counts }: { counts: SessionCounts }) {
  const { t } = useTranslation();
  const items = [
    ['new', t('review.counts.new'), counts.newCount, 'text-blue-700 dark:text-blue-300'],
    ['learning', t('review.counts.learning'), counts.learningCount, 'text-red-700 dark:text-red-300'],
    ['due', t('review.counts.due'), counts.dueCount, 'text-green-700 dark:text-green-300'],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-4 text-sm" aria-live="polite" data-testid="review-counts">
      {items.map(([kind, label, count, color]) => (
        <div key={kind} className="flex gap-1" data-testid={`review-count-${kind}`}>
          <dt className="text-muted-foreground">{label}:</dt>
          <dd className={`font-semibold ${color}`}>{count}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The server refused an undo: the card was graded again in another tab or on another device. */
function UndoRefusal({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm">
      {serverErrorText(t, error) ?? t('review.undoFailed')}
    </p>
  );
}

function PendingNotice({ count }: { count: number }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="flex items-center gap-2 rounded-md border px-3 py-2 text-sm">
      <WifiOff aria-hidden className="size-4 shrink-0" />
      {t('review.pending', { count })}
    </p>
  );
}

function ReviewTurn({
  queue,
  session,
  isRevealed,
  onReveal,
  onGrade,
}: {
  queue: ReviewQueue;
  session: ReviewSession;
  isRevealed: boolean;
  onReveal: () => void;
  onGrade: ReturnType<typeof useReviewSession>['grade'];
}) {
  const { t } = useTranslation();
  const settings = useSettings().data;
  const isAutoPlay = settings?.autoplayAudio ?? settingsDefaults.autoplayAudio;
  const current = session.current;
  const [typed, setTyped] = useState('');
  const [check, setCheck] = useState<AnswerCheck | null>(null);
  const grades = useRef<HTMLDivElement>(null);
  const revealButton = useRef<HTMLButtonElement>(null);
  const typedField = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const asksTyped = queue.isTypedAnswer && current !== null && isSpanishAnswer(current.direction);
  // The intervals are those of the moment the card is revealed; a grade seconds later gives the same.
  const [now, setNow] = useState(() => Date.now());
  const previews = useMemo(
    () => (current ? previewGrades(current.card, new Date(now), queue.scheduler) : null),
    [current, now, queue.scheduler],
  );

  const revealAnswer = () => {
    if (isRevealed) return;
    if (asksTyped) setCheck(checkTypedAnswer(typed, current.word.spanish));
    setNow(Date.now());
    onReveal();
  };
  useReviewKeyboard(isRevealed, revealAnswer, onGrade);

  useEffect(() => {
    if (isRevealed) grades.current?.focus();
    else if (asksTyped) typedField.current?.focus();
    else revealButton.current?.focus();
  }, [isRevealed, asksTyped]);

  if (!current || !previews) return null;
  return (
    <>
      <SessionCountsLine counts={countsOf(session)} />
      <Card>
        <CardContent className="flex flex-col items-center gap-6 p-6">
          <ReviewCardView queued={current} isRevealed={isRevealed} isAutoPlay={isAutoPlay} />
          {asksTyped ? (
            <form
              className="flex w-full max-w-sm flex-col gap-2"
              onSubmit={(event) => {
                event.preventDefault();
                revealAnswer();
              }}
            >
              <label htmlFor={inputId} className="text-sm font-medium">
                {t('review.typedLabel')}
              </label>
              <div className="flex gap-2">
                <Input
                  ref={typedField}
                  id={inputId}
                  lang="es"
                  value={typed}
                  maxLength={200}
                  autoComplete="off"
                  autoCapitalize="off"
                  spellCheck={false}
                  readOnly={isRevealed}
                  onChange={(event) => setTyped(event.target.value)}
                />
                {isRevealed ? null : <Button type="submit">{t('review.check')}</Button>}
              </div>
              {isRevealed ? null : <AccentBar field={typedField} />}
            </form>
          ) : null}
          {check && isRevealed ? <TypedAnswerDiff check={check} typed={typed} /> : null}
          {isRevealed ? (
            <GradeButtons ref={grades} previews={previews} now={now} onGrade={onGrade} />
          ) : asksTyped ? null : (
            <Button ref={revealButton} size="lg" className="min-h-14 w-full max-w-sm" onClick={revealAnswer}>
              {t('review.show')}
              <kbd className="ml-2 rounded border px-1.5 text-xs font-normal opacity-80">
                {t('review.showKey')}
              </kbd>
            </Button>
          )}
        </CardContent>
      </Card>
    </>
  );
}

const formatDuration = (seconds: number) =>
  `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/** When the next card is due, said relatively in the learner's day ("завтра"), the moment in its title. */
function NextDue({ fallback }: { fallback: string | null }) {
  const { t, i18n } = useTranslation();
  const stats = useReviewStats();
  const timeZone = useSettings().data?.timeZone ?? settingsDefaults.timeZone;
  const nextDueAt = stats.data ? stats.data.nextDueAt : fallback;
  if (!stats.data && !stats.isError) return null;
  if (!nextDueAt) return <p className="text-muted-foreground">{t('review.noNextDue')}</p>;
  const { key, options } = relativeDueText(relativeDueOf(nextDueAt, new Date(), timeZone));
  const moment = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(nextDueAt));
  return (
    <p data-testid="review-next-due" title={moment}>
      {t('review.nextDue', { time: t(key, options) })}
    </p>
  );
}

/** The session's end: its summary, or that nothing is due today (docs/product/review.md#session-summary). */
function ReviewEnd({
  session,
  hasGraded,
  onMore,
  onMoreNew,
}: {
  session: ReviewSession;
  hasGraded: boolean;
  onMore: () => void;
  /** Null when the day's limit held no new card back. */
  onMoreNew: (() => void) | null;
}) {
  const { t } = useTranslation();
  const summary = summaryOf(session);
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-2xl font-semibold">
        {hasGraded ? t('review.summaryTitle') : t('review.emptyTitle')}
      </h2>
      {hasGraded ? (
        <dl className="grid grid-cols-3 gap-3" data-testid="review-summary">
          {[
            [t('review.summaryCards'), String(summary.cards)],
            [t('review.summaryAccuracy'), summary.accuracy === null ? '—' : `${summary.accuracy} %`],
            [t('review.summaryTime'), formatDuration(summary.seconds)],
          ].map(([label, value]) => (
            <div key={label} className="rounded-lg border p-3">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p className="text-muted-foreground">{t('review.emptyDescription')}</p>
      )}
      <NextDue fallback={session.nextDueAt} />
      <div className="flex flex-wrap gap-2">
        {hasGraded ? (
          <Button onClick={onMore}>
            <RotateCcw aria-hidden />
            {t('review.more')}
          </Button>
        ) : null}
        {onMoreNew ? (
          <Button variant={hasGraded ? 'outline' : 'default'} onClick={onMoreNew}>
            <Plus aria-hidden />
            {t('review.moreNew')}
          </Button>
        ) : null}
        <Button asChild variant="outline">
          <Link to="/">
            <Home aria-hidden />
            {t('review.home')}
          </Link>
        </Button>
      </div>
    </section>
  );
}
