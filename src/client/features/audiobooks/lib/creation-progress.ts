import {
  CREATION_COUNTERS,
  CREATION_STEPS,
  type CreationCounter,
  type CreationStep,
} from '../../../../shared/api/audiobook-jobs';
import type { JobProgress } from '../../../../shared/realtime';
import type { JobSnapshot } from '../../../lib/jobs/job-state';

/**
 * The creation dialog's rules (docs/product/audiobooks.md#creation), free of React: the headline, the
 * eight steps with their details, the counters, and the two delays (navigation after completion, reset
 * after closing).
 */

/** The dialog goes to the new book this long after 'Завершено!'. */
export const NAVIGATE_AFTER_MS = 1000;
/** The dialog forgets its run this long after closing (after its closing animation). */
export const RESET_AFTER_MS = 300;

export type CreationPhase = 'idle' | 'starting' | 'running' | 'complete' | 'error';

export type StepState = 'done' | 'current' | 'waiting' | 'skipped';
export interface StepView {
  name: CreationStep;
  state: StepState;
  completed: number;
  total: number;
}

/** The phase a followed job puts the dialog in. */
export function phaseOf(job: Pick<JobSnapshot<never>, 'status'> | null, isStarting: boolean): CreationPhase {
  if (!job) return isStarting ? 'starting' : 'idle';
  switch (job.status) {
    case 'completed':
      return 'complete';
    case 'failed':
    case 'cancelled':
      return 'error';
    case 'pending':
    case 'processing':
      return 'running';
  }
}

/** The eight steps as the job reports them: finished, the current one, skipped, or still ahead. */
export function stepViews(progress: JobProgress | null, phase: CreationPhase): StepView[] {
  const reported = new Map((progress?.stages ?? []).map((stage) => [stage.name, stage]));
  return CREATION_STEPS.map((name) => {
    const stage = reported.get(name);
    const completed = stage?.completed ?? 0;
    const total = stage?.total ?? 0;
    let state: StepState = 'waiting';
    if (stage?.skipped) state = 'skipped';
    else if (phase === 'complete' || (total > 0 && completed >= total)) state = 'done';
    // The step under way, or one counting up before its total is known (sentences saved as chapters come).
    else if (progress?.stage === name || (total === 0 && completed > 0)) state = 'current';
    return { name, state, completed, total };
  });
}

/** The step being worked on: the first neither done nor skipped; null once all are. */
export const currentStep = (steps: readonly StepView[]): StepView | null =>
  steps.find((step) => step.state === 'current' || step.state === 'waiting') ?? null;

/** Steps finished (skipped ones included), out of eight. */
export const finishedSteps = (steps: readonly StepView[]): number =>
  steps.filter((step) => step.state === 'done' || step.state === 'skipped').length;

export const countersOf = (progress: JobProgress | null): Record<CreationCounter, number> =>
  Object.fromEntries(CREATION_COUNTERS.map((name) => [name, progress?.counters?.[name] ?? 0])) as Record<
    CreationCounter,
    number
  >;

/**
 * Counters of the requests and tokens spent: the cost of a run, which the dialog keeps under «Подробнее»
 * while the learner watches the story's words, sentences and pictures (docs/product/audiobooks.md#creation).
 */
const DEVELOPER_COUNTERS: ReadonlySet<CreationCounter> = new Set([
  'languageModelRequests',
  'speechRequests',
  'languageModelTokens',
  'chaptersGenerated',
  'translationsStored',
  'clipsRequested',
]);

export const isDeveloperCounter = (name: CreationCounter): boolean => DEVELOPER_COUNTERS.has(name);

/** Whether the learner may close the dialog now: not while a book is being started or written. */
export const isClosable = (phase: CreationPhase): boolean => phase !== 'starting' && phase !== 'running';

/**
 * The two delays of the dialog, with timers it can cancel: going to the book 1 s after completion, and
 * forgetting the run 300 ms after closing (so the closing animation still shows it).
 */
export function createCreationTimers(schedule: {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}) {
  let navigation: unknown = null;
  let reset: unknown = null;
  return {
    navigateSoon(navigate: () => void) {
      if (navigation !== null) schedule.clearTimeout(navigation);
      navigation = schedule.setTimeout(() => {
        navigation = null;
        navigate();
      }, NAVIGATE_AFTER_MS);
    },
    resetSoon(resetState: () => void) {
      if (reset !== null) schedule.clearTimeout(reset);
      reset = schedule.setTimeout(() => {
        reset = null;
        resetState();
      }, RESET_AFTER_MS);
    },
    /** Opened again before the reset ran: the dialog keeps what it shows. */
    cancelReset() {
      if (reset !== null) schedule.clearTimeout(reset);
      reset = null;
    },
    dispose() {
      if (navigation !== null) schedule.clearTimeout(navigation);
      if (reset !== null) schedule.clearTimeout(reset);
      navigation = reset = null;
    },
  };
}
