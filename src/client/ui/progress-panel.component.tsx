import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  BookOpenCheck,
  CalendarDays,
  ChartColumn,
  Flame,
  GraduationCap,
  Layers,
  MessageSquareText,
  Plus,
  Repeat,
} from 'lucide-react';
import type { Progress as ProgressData } from '../../shared/api/progress';
import { markLearnListForSorting } from '../lib/learn-sort-flag';
import { Button } from './button.component';
import { Card, CardContent, CardHeader, CardTitle } from './card.component';
import { Progress } from './progress.component';
import { useProgress } from '../lib/api/progress.api';
import {
  dailyGoalPercent,
  dailyTimePercent,
  DEFAULT_DAILY_TIME_GOAL,
  DEFAULT_DAILY_WORD_GOAL,
  describeLastStudy,
  minutesStudied,
} from '../lib/progress-format';
import { formatCount } from '../lib/number-format';

/**
 * The learner's progress; shown on the home screen, where it opens /dashboard (`linksToDashboard`), and
 * alone on /dashboard.
 */
export function ProgressPanel({
  className,
  linksToDashboard = false,
}: {
  className?: string;
  linksToDashboard?: boolean;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const progress = useProgress();

  return (
    <Card className={className} aria-labelledby={headingId} role="region">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle id={headingId}>{t('progress.title')}</CardTitle>
        {linksToDashboard && (
          <Button asChild variant="outline" size="sm">
            <Link to="/dashboard">
              <ChartColumn aria-hidden="true" />
              {t('progress.details')}
            </Link>
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {progress.isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('common.loading')}
          </p>
        ) : progress.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-muted-foreground">{t('progress.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void progress.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <ProgressDetails progress={progress.data} />
        )}
      </CardContent>
    </Card>
  );
}

function ProgressDetails({ progress }: { progress: ProgressData }) {
  const { t } = useTranslation();
  const goalLabelId = useId();
  const learnedHintId = useId();
  const timeGoalLabelId = useId();
  const goal = progress.dailyWordGoal > 0 ? progress.dailyWordGoal : DEFAULT_DAILY_WORD_GOAL;
  const percent = dailyGoalPercent(progress.wordsStudiedToday, progress.dailyWordGoal);
  const timeGoal = progress.dailyTimeGoal > 0 ? progress.dailyTimeGoal : DEFAULT_DAILY_TIME_GOAL;
  const timePercent = dailyTimePercent(progress.secondsStudiedToday, progress.dailyTimeGoal);
  // 'Today' is the learner's day in their saved zone (docs/product/progress.md#learner-day).
  const lastStudy = describeLastStudy(progress.lastStudyDate, new Date(), progress.timeZone);
  const lastStudyText =
    lastStudy.kind === 'never'
      ? t('progress.never')
      : lastStudy.kind === 'today'
        ? t('progress.today')
        : lastStudy.text;

  const stats = [
    { label: t('progress.wordsAdded'), value: progress.wordsAdded, Icon: Plus },
    {
      label: t('progress.wordsLearned'),
      value: progress.wordsLearned,
      Icon: BookOpenCheck,
      describedBy: learnedHintId,
    },
    { label: t('progress.sentences'), value: progress.totalSentences, Icon: MessageSquareText },
    { label: t('progress.sessions'), value: progress.totalSessions, Icon: Repeat },
  ];

  const details = [
    { label: t('progress.totalWords'), value: formatCount(progress.totalWords), Icon: Layers },
    { label: t('progress.currentStreak'), value: formatCount(progress.currentStreak), Icon: Flame },
    { label: t('progress.lastStudy'), value: lastStudyText, Icon: CalendarDays },
  ];

  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {stats.map(({ label, value, Icon, describedBy }) => (
          <div key={label} className="flex flex-col gap-1 rounded-lg bg-muted p-4">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-4 text-accent-text" aria-hidden="true" />
              {label}
            </dt>
            <dd className="text-2xl font-bold tabular-nums" aria-describedby={describedBy}>
              {formatCount(value)}
            </dd>
          </div>
        ))}
      </dl>
      {/* One definition of 'learned' for every count that says it (docs/product/progress.md#learned-words). */}
      <p id={learnedHintId} className="-mt-3 text-xs text-muted-foreground">
        {t('progress.wordsLearnedHint')}
      </p>

      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id={goalLabelId} className="font-medium">
            {t('progress.dailyGoal')}
          </span>
          <span className="tabular-nums text-muted-foreground">
            {t('progress.dailyGoalValue', {
              done: formatCount(progress.wordsStudiedToday),
              goal: formatCount(goal),
            })}
          </span>
        </div>
        <Progress value={percent} aria-labelledby={goalLabelId} />
        {progress.wordsReviewedToday > 0 && (
          <p className="text-xs text-muted-foreground tabular-nums">
            {t('progress.dailyGoalFromReview', { words: formatCount(progress.wordsReviewedToday) })}
          </p>
        )}
      </div>

      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-2 text-sm">
          <span id={timeGoalLabelId} className="font-medium">
            {t('progress.dailyTimeGoal')}
          </span>
          <span className="tabular-nums text-muted-foreground">
            {t('progress.dailyTimeGoalValue', {
              done: formatCount(minutesStudied(progress.secondsStudiedToday)),
              goal: formatCount(timeGoal),
            })}
          </span>
        </div>
        <Progress value={timePercent} aria-labelledby={timeGoalLabelId} />
      </div>

      <dl className="grid gap-3 sm:grid-cols-3">
        {details.map(({ label, value, Icon }) => (
          // A <div> inside <dl> may hold only <dt> and <dd>, so the icon sits inside the term.
          <div key={label} className="flex flex-col gap-0.5">
            <dt className="flex items-center gap-2 text-sm text-muted-foreground">
              <Icon className="size-4 shrink-0 text-accent-text" aria-hidden="true" />
              {label}
            </dt>
            <dd className="pl-6 font-semibold tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>

      <div className="flex flex-wrap gap-3">
        <Button asChild>
          <Link to="/learn" onClick={markLearnListForSorting}>
            <GraduationCap aria-hidden="true" />
            {t('progress.startLearning')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/upload">
            <Plus aria-hidden="true" />
            {t('progress.addWords')}
          </Link>
        </Button>
      </div>
    </div>
  );
}
