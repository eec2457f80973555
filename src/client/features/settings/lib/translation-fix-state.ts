import type { CodedError } from '../../../../shared/api/errors';
import type { ServerMessage, TranslationCorrection } from '../../../../shared/realtime';

/** Spec part 2 §9: the last 10 corrections are kept, 5 are shown, newest first. */
export const CORRECTIONS_KEPT = 10;
export const CORRECTIONS_SHOWN = 5;

export interface TranslationFixState {
  isActive: boolean;
  /**
   * Set by a stop and cleared by the next start: progress messages already on their way when the learner
   * pressed stop must not bring the section back to life.
   */
  isStopped: boolean;
  /** Set by the summary: an answer to the start that comes after it must not revive the run. */
  isFinished: boolean;
  jobId: string | null;
  current: number;
  total: number;
  regenerated: number;
  failed: number;
  currentWord: string | null;
  /**
   * Where the run is, from the server's latest message: the screen words it (the server sends numbers,
   * docs/product/errors.md). Null right after a start, when the screen says what is starting.
   */
  phase: 'running' | 'done' | 'stopped' | null;
  /** Oldest first, at most CORRECTIONS_KEPT. */
  corrections: TranslationCorrection[];
  lastError: { spanish: string; error: CodedError } | null;
}

export type TranslationFixAction =
  /** The learner pressed start: a fresh run, before the server has answered. */
  | { type: 'request' }
  /** The server's answer to the start. Socket messages of a fast run may have come before it. */
  | { type: 'start'; jobId: string; totalWords: number }
  | { type: 'startFailed' }
  | { type: 'stop' }
  | {
      type: 'progress';
      progress: {
        current: number;
        total: number;
        regenerated: number;
        failed: number;
        currentWord: string | null;
      };
    }
  | { type: 'update'; correction: TranslationCorrection }
  | {
      type: 'complete';
      summary: { totalWords: number; regenerated: number; failed: number; isStopped: boolean };
    }
  | { type: 'error'; spanish: string; error: CodedError };

export const initialTranslationFixState: TranslationFixState = {
  isActive: false,
  isStopped: false,
  isFinished: false,
  jobId: null,
  current: 0,
  total: 0,
  regenerated: 0,
  failed: 0,
  currentWord: null,
  phase: null,
  corrections: [],
  lastError: null,
};

export function translationFixReducer(
  state: TranslationFixState,
  action: TranslationFixAction,
): TranslationFixState {
  switch (action.type) {
    case 'request':
      return { ...initialTranslationFixState, isActive: true };
    case 'start':
      return {
        ...state,
        isActive: !state.isFinished,
        jobId: action.jobId,
        total: state.total > 0 ? state.total : action.totalWords,
      };
    case 'startFailed':
      return { ...state, isActive: false };
    case 'stop':
      return { ...state, isActive: false, isStopped: true, currentWord: null };
    case 'progress': {
      if (state.isStopped) return state;
      const { current, total, regenerated, failed, currentWord } = action.progress;
      // A progress message without a start here means the job was started elsewhere (another tab, before
      // a reload): it is running, so the section shows it as running.
      return { ...state, isActive: true, current, total, regenerated, failed, currentWord, phase: 'running' };
    }
    case 'update':
      return { ...state, corrections: [...state.corrections, action.correction].slice(-CORRECTIONS_KEPT) };
    case 'complete': {
      const { totalWords, regenerated, failed, isStopped } = action.summary;
      return {
        ...state,
        isActive: false,
        isFinished: true,
        current: totalWords,
        total: totalWords,
        regenerated,
        failed,
        currentWord: null,
        phase: isStopped ? 'stopped' : 'done',
      };
    }
    case 'error':
      return { ...state, lastError: { spanish: action.spanish, error: action.error } };
  }
}

/** The reducer action a socket message stands for; null for messages of other features. */
export function translationFixActionOf(message: ServerMessage): TranslationFixAction | null {
  switch (message.type) {
    case 'translation_regeneration_progress':
      return { type: 'progress', progress: message.progress };
    case 'translation_regeneration_update':
      return { type: 'update', correction: message.wordData };
    case 'translation_regeneration_complete':
      return { type: 'complete', summary: message.summary };
    case 'translation_regeneration_error':
      return { type: 'error', spanish: message.wordData.spanish, error: message.error };
    default:
      return null;
  }
}

/** current/total as a whole percent, 0 while the total is unknown, never above 100. */
export function translationFixPercent(state: Pick<TranslationFixState, 'current' | 'total'>): number {
  if (state.total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((state.current / state.total) * 100)));
}

/** The corrections to show: the newest CORRECTIONS_SHOWN, newest first. */
export function recentCorrections(state: Pick<TranslationFixState, 'corrections'>): TranslationCorrection[] {
  return state.corrections.slice(-CORRECTIONS_SHOWN).reverse();
}
