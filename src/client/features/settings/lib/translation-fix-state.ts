import {
  type TranslationFixResults,
  translationFixResultsSchema,
} from '../../../../shared/api/word-maintenance';
import {
  isJobActive,
  isJobFinished,
  type ServerMessage,
  type TranslationCorrection,
} from '../../../../shared/realtime';
import type { JobDetailsRule, JobSnapshot } from '../../../lib/jobs/job-state';

/** The translation fix runs as a job of this kind; its `jobProgress` messages carry the kind. */
export const TRANSLATION_FIX_JOB_KIND = 'regenerate-translations';

/** docs/product/settings.md#translation-fix: the last 10 corrections are kept, 5 are shown, newest first. */
export const CORRECTIONS_KEPT = 10;
export const CORRECTIONS_SHOWN = 5;

type TranslationMessage<TType extends ServerMessage['type']> = Extract<ServerMessage, { type: TType }>;

/**
 * What the fix's own messages (which carry no job id) add to its job: counters, corrections and the
 * closing summary (a per-word error is only a toast). Kept in the job's entry by `useJob`.
 */
export interface TranslationFixDetails {
  progress: TranslationMessage<'translation_regeneration_progress'>['progress'] | null;
  /** Oldest first, at most CORRECTIONS_KEPT. */
  corrections: TranslationCorrection[];
  summary: TranslationMessage<'translation_regeneration_complete'>['summary'] | null;
}

export const initialTranslationFixDetails: TranslationFixDetails = {
  progress: null,
  corrections: [],
  summary: null,
};

export function reduceTranslationFixDetails(
  details: TranslationFixDetails,
  message: ServerMessage,
): TranslationFixDetails {
  switch (message.type) {
    case 'translation_regeneration_progress':
      return { ...details, progress: message.progress };
    case 'translation_regeneration_update':
      return { ...details, corrections: [...details.corrections, message.wordData].slice(-CORRECTIONS_KEPT) };
    case 'translation_regeneration_complete':
      return { ...details, summary: message.summary };
    default:
      return details;
  }
}

export const translationFixDetailsRule: JobDetailsRule<TranslationFixDetails> = {
  initial: initialTranslationFixDetails,
  reduce: reduceTranslationFixDetails,
};

/** The line under the progress bar; the texts are the client's own (i18n), the numbers the server's. */
export type TranslationFixLine =
  | { kind: 'starting' }
  | { kind: 'preparing' }
  | { kind: 'processed'; current: number; total: number }
  | { kind: 'stopped' | 'done'; regenerated: number; totalWords: number };

export interface TranslationFixView {
  isActive: boolean;
  /** The progress block is shown once a run is under way or has counted something. */
  hasRun: boolean;
  current: number;
  total: number;
  regenerated: number;
  failed: number;
  /** Only while active. */
  currentWord: string | null;
  line: TranslationFixLine | null;
  corrections: TranslationCorrection[];
}

const idleView: TranslationFixView = {
  isActive: false,
  hasRun: false,
  current: 0,
  total: 0,
  regenerated: 0,
  failed: 0,
  currentWord: null,
  line: null,
  corrections: [],
};

/** The summary comes over the socket; when that message was missed, the finished job's results hold it. */
export function translationFixSummaryOf(
  job: Pick<JobSnapshot, 'results'>,
  details: Pick<TranslationFixDetails, 'summary'>,
): TranslationFixResults | null {
  const results = translationFixResultsSchema.safeParse(job.results);
  return details.summary ?? (results.success ? results.data : null);
}

/**
 * The section as it stands. `isRequesting`: start was pressed and the server has not answered (a fresh
 * run, shown as starting). `isStoppedHere`: the learner pressed stop; messages already on their way must
 * not bring the section back to life, and it is no longer active even before the job says it ended.
 */
export function translationFixView(input: {
  job: JobSnapshot | null;
  details: TranslationFixDetails;
  isRequesting: boolean;
  isStoppedHere: boolean;
}): TranslationFixView {
  const { job, details, isRequesting, isStoppedHere } = input;
  if (isRequesting) return { ...idleView, isActive: true, hasRun: true, line: { kind: 'starting' } };
  if (!job) return idleView;
  const { progress } = details;
  const summary = translationFixSummaryOf(job, details);
  const isActive = summary === null && !isStoppedHere && isJobActive(job.status);
  const counts = summary
    ? {
        current: summary.totalWords,
        total: summary.totalWords,
        regenerated: summary.regenerated,
        failed: summary.failed,
      }
    : progress
      ? {
          current: progress.current,
          total: progress.total,
          regenerated: progress.regenerated,
          failed: progress.failed,
        }
      : { current: 0, total: job.progress.total, regenerated: 0, failed: 0 };
  const line: TranslationFixLine | null = summary
    ? {
        kind: summary.isStopped ? 'stopped' : 'done',
        regenerated: summary.regenerated,
        totalWords: summary.totalWords,
      }
    : progress
      ? progress.current === 0
        ? { kind: 'preparing' }
        : { kind: 'processed', current: progress.current, total: progress.total }
      : isActive
        ? { kind: 'starting' }
        : null;
  return {
    ...counts,
    isActive,
    hasRun: isActive || counts.total > 0,
    currentWord: isActive ? (progress?.currentWord ?? null) : null,
    line,
    corrections: details.corrections,
  };
}

/** current/total as a whole percent, 0 while the total is unknown, never above 100. */
export function translationFixPercent(state: Pick<TranslationFixView, 'current' | 'total'>): number {
  if (state.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((state.current / state.total) * 100)));
}

/** The corrections to show: the newest CORRECTIONS_SHOWN, newest first. */
export function recentCorrections(state: Pick<TranslationFixView, 'corrections'>): TranslationCorrection[] {
  return state.corrections.slice(-CORRECTIONS_SHOWN).reverse();
}

/**
 * A job of this kind that this section is not following yet (started in another tab, or before a reload)
 * is adopted from its first progress message, so the section shows it as running.
 */
export function adoptableTranslationFixJob(
  message: ServerMessage,
  followed: Pick<JobSnapshot, 'jobId' | 'status'> | null,
): string | null {
  if (message.type !== 'jobProgress' || message.kind !== TRANSLATION_FIX_JOB_KIND) return null;
  if (isJobFinished(message.status)) return null;
  if (followed && (followed.jobId === message.jobId || !isJobFinished(followed.status))) return null;
  return message.jobId;
}
