import { useTranslation } from 'react-i18next';
import { Check, CircleDashed, LoaderCircle, MinusCircle } from 'lucide-react';
import {
  CREATION_COUNTERS,
  CREATION_STEPS,
  type CreationCounter,
} from '../../../../shared/api/audiobook-jobs';
import type { JobProgress } from '../../../../shared/realtime';
import { cn } from '../../../lib/cn';
import { Progress } from '../../../ui/progress.component';
import {
  countersOf,
  type CreationPhase,
  currentStep,
  finishedSteps,
  isDeveloperCounter,
  type StepState,
  stepViews,
} from '../lib/creation-progress';

const STEP_ICONS: Record<StepState, typeof Check> = {
  done: Check,
  current: LoaderCircle,
  waiting: CircleDashed,
  skipped: MinusCircle,
};

const LEARNER_COUNTERS = CREATION_COUNTERS.filter((name) => !isDeveloperCounter(name));
const DEVELOPER_COUNTERS = CREATION_COUNTERS.filter(isDeveloperCounter);

function CounterList({
  names,
  counters,
}: {
  names: readonly CreationCounter[];
  counters: Record<CreationCounter, number>;
}) {
  const { t } = useTranslation();
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2">
      {names.map((name) => (
        <div key={name} className="flex justify-between gap-2">
          <dt className="text-muted-foreground">{t(`audiobookCreation.counter.${name}`)}</dt>
          <dd className="tabular-nums" data-testid={`counter-${name}`}>
            {counters[name]}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The run's progress: headline, the eight steps with the current one's details, and the counters. */
export function CreationProgress({
  phase,
  progress,
  error,
}: {
  phase: CreationPhase;
  progress: JobProgress | null;
  error: string | null;
}) {
  const { t } = useTranslation();
  const steps = stepViews(progress, phase);
  const current = currentStep(steps);
  const finished = finishedSteps(steps);
  const counters = countersOf(progress);
  const headline = {
    idle: t('audiobookCreation.headline.initializing'),
    starting: t('audiobookCreation.headline.starting'),
    running: t('audiobookCreation.headline.starting'),
    complete: t('audiobookCreation.headline.complete'),
    error: t('audiobookCreation.headline.error'),
  }[phase];

  return (
    <div className="grid gap-4">
      <div className="grid gap-1" aria-live="polite">
        <p className={cn('text-lg font-semibold', phase === 'error' && 'text-destructive')}>{headline}</p>
        {phase === 'error' ? (
          <p className="text-sm text-destructive">{error ?? t('audiobookCreation.unknownError')}</p>
        ) : null}
        {phase === 'running' && current ? (
          <p className="text-sm text-muted-foreground">
            {t(`audiobookCreation.step.${current.name}`)}
            {current.total > 0
              ? ` — ${t('audiobookCreation.stepDetails', { completed: current.completed, total: current.total })}`
              : ''}
          </p>
        ) : null}
        <p className="text-sm tabular-nums" data-testid="creation-steps-done">
          {t('audiobookCreation.stepsDone', { done: finished, total: CREATION_STEPS.length })}
        </p>
        <Progress
          value={(finished / CREATION_STEPS.length) * 100}
          aria-label={t('audiobookCreation.progressLabel')}
        />
      </div>
      <ol className="grid gap-1.5" aria-label={t('audiobookCreation.stepsLabel')}>
        {steps.map((step) => {
          const Icon = STEP_ICONS[step.state];
          return (
            <li
              key={step.name}
              data-state={step.state}
              aria-current={step.state === 'current' ? 'step' : undefined}
              className={cn(
                'flex items-center gap-2 text-sm',
                step.state === 'current' && 'font-semibold',
                step.state === 'waiting' && 'text-muted-foreground',
              )}
            >
              <Icon
                className={cn('size-4 shrink-0', step.state === 'current' && 'animate-spin')}
                aria-hidden
              />
              <span className="flex-1">{t(`audiobookCreation.step.${step.name}`)}</span>
              <span className="sr-only">{t(`audiobookCreation.stepState.${step.state}`)}</span>
              {step.state === 'skipped' ? (
                <span className="text-xs text-muted-foreground">{t('audiobookCreation.skipped')}</span>
              ) : step.total > 0 || step.completed > 0 ? (
                <span className="text-xs tabular-nums text-muted-foreground">
                  {step.total > 0 ? `${step.completed}/${step.total}` : step.completed}
                </span>
              ) : null}
            </li>
          );
        })}
      </ol>
      <CounterList names={LEARNER_COUNTERS} counters={counters} />
      {/* The spec's request and token counters matter to whoever pays for the keys, not to the story's progress. */}
      <details className="text-sm" data-testid="creation-details">
        <summary className="cursor-pointer text-muted-foreground">{t('audiobookCreation.details')}</summary>
        <div className="pt-2">
          <CounterList names={DEVELOPER_COUNTERS} counters={counters} />
        </div>
      </details>
    </div>
  );
}
