import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/shared/realtime';
import {
  CORRECTIONS_KEPT,
  CORRECTIONS_SHOWN,
  initialTranslationFixState,
  recentCorrections,
  type TranslationFixAction,
  translationFixActionOf,
  translationFixPercent,
  translationFixReducer,
  type TranslationFixState,
} from '../../../src/client/features/settings/lib/translation-fix-state';

const run = (actions: TranslationFixAction[], from: TranslationFixState = initialTranslationFixState) =>
  actions.reduce(translationFixReducer, from);

const progress = (current: number, total = 10): TranslationFixAction => ({
  type: 'progress',
  progress: {
    current,
    total,
    regenerated: current - 1,
    failed: 1,
    currentWord: `palabra${current}`,
  },
});
const correction = (n: number): TranslationFixAction => ({
  type: 'update',
  correction: { spanish: `palabra${n}`, oldTranslation: `старое${n}`, newTranslation: `новое${n}` },
});

describe('translation fix state', () => {
  it('starts inactive with nothing counted', () => {
    expect(initialTranslationFixState.isActive).toBe(false);
    expect(translationFixPercent(initialTranslationFixState)).toBe(0);
    expect(recentCorrections(initialTranslationFixState)).toEqual([]);
  });

  it('pressing start activates it and resets the counters, with no server message yet', () => {
    const previous = run([{ type: 'start', jobId: 'a', totalWords: 5 }, progress(3, 5), correction(1)]);
    const state = run([{ type: 'request' }, { type: 'start', jobId: 'b', totalWords: 40 }], previous);
    expect(state).toMatchObject({
      isActive: true,
      isStopped: false,
      isFinished: false,
      jobId: 'b',
      current: 0,
      total: 40,
      regenerated: 0,
      failed: 0,
      currentWord: null,
      phase: null,
      corrections: [],
    });
  });

  it('keeps what a fast run sent before the answer to its start arrived', () => {
    const state = run([
      { type: 'request' },
      progress(2, 3),
      correction(1),
      { type: 'complete', summary: { totalWords: 3, regenerated: 1, failed: 0, isStopped: false } },
      { type: 'start', jobId: 'a', totalWords: 3 },
    ]);
    expect(state).toMatchObject({ isActive: false, jobId: 'a', current: 3, total: 3, phase: 'done' });
    expect(recentCorrections(state).map((item) => item.spanish)).toEqual(['palabra1']);

    const running = run([{ type: 'request' }, progress(2, 30), { type: 'start', jobId: 'b', totalWords: 3 }]);
    expect(running).toMatchObject({ isActive: true, current: 2, total: 30 });
  });

  it('progress messages update the counters and the percent', () => {
    const state = run([{ type: 'start', jobId: 'a', totalWords: 10 }, progress(4)]);
    expect(state).toMatchObject({
      current: 4,
      total: 10,
      regenerated: 3,
      failed: 1,
      currentWord: 'palabra4',
    });
    expect(translationFixPercent(state)).toBe(40);
  });

  it('progress for a job started elsewhere shows it as running', () => {
    expect(run([progress(2)]).isActive).toBe(true);
  });

  it('completes to inactive with the summary counts', () => {
    const state = run([
      { type: 'start', jobId: 'a', totalWords: 10 },
      progress(7),
      { type: 'complete', summary: { totalWords: 10, regenerated: 8, failed: 2, isStopped: false } },
    ]);
    expect(state).toMatchObject({ isActive: false, current: 10, regenerated: 8, failed: 2, phase: 'done' });
    expect(translationFixPercent(state)).toBe(100);
  });

  it('a stop makes it inactive and ignores progress already on its way', () => {
    const stopped = run([{ type: 'start', jobId: 'a', totalWords: 10 }, progress(2), { type: 'stop' }]);
    expect(stopped.isActive).toBe(false);
    const late = translationFixReducer(stopped, progress(3));
    expect(late).toBe(stopped);
    // The next start listens again.
    expect(
      run([{ type: 'request' }, { type: 'start', jobId: 'b', totalWords: 3 }, progress(1, 3)], stopped)
        .isActive,
    ).toBe(true);
  });

  it('a failed start leaves it inactive', () => {
    expect(run([{ type: 'startFailed' }]).isActive).toBe(false);
  });

  it('a per-word error is recorded without stopping the run', () => {
    const state = run([
      { type: 'start', jobId: 'a', totalWords: 10 },
      {
        type: 'error',
        spanish: 'gato',
        error: { code: 'provider_unavailable', params: { provider: 'openai' } },
      },
    ]);
    expect(state.isActive).toBe(true);
    expect(state.lastError).toEqual({
      spanish: 'gato',
      error: { code: 'provider_unavailable', params: { provider: 'openai' } },
    });
  });

  it(`keeps the last ${CORRECTIONS_KEPT} corrections and shows the newest ${CORRECTIONS_SHOWN} first`, () => {
    const state = run(Array.from({ length: 13 }, (_, index) => correction(index + 1)));
    expect(state.corrections).toHaveLength(CORRECTIONS_KEPT);
    expect(state.corrections[0]?.spanish).toBe('palabra4');
    expect(recentCorrections(state).map((item) => item.spanish)).toEqual([
      'palabra13',
      'palabra12',
      'palabra11',
      'palabra10',
      'palabra9',
    ]);
    expect(recentCorrections(run([correction(1), correction(2)])).map((item) => item.spanish)).toEqual([
      'palabra2',
      'palabra1',
    ]);
  });

  it('clamps the percent and rounds it', () => {
    expect(translationFixPercent({ current: 1, total: 3 })).toBe(33);
    expect(translationFixPercent({ current: 12, total: 10 })).toBe(100);
    expect(translationFixPercent({ current: 5, total: 0 })).toBe(0);
  });
});

describe('socket messages', () => {
  it('map to reducer actions', () => {
    const messages: ServerMessage[] = [
      {
        type: 'translation_regeneration_progress',
        progress: { current: 1, total: 2, regenerated: 1, failed: 0, currentWord: 'casa' },
      },
      {
        type: 'translation_regeneration_update',
        wordData: { spanish: 'casa', oldTranslation: 'дом', newTranslation: 'дом, жилище' },
      },
      {
        type: 'translation_regeneration_complete',
        summary: { totalWords: 2, regenerated: 2, failed: 0, isStopped: false },
      },
      {
        type: 'translation_regeneration_error',
        wordData: { spanish: 'perro' },
        error: { code: 'job_translation_not_in_answer' },
      },
    ];
    expect(messages.map((message) => translationFixActionOf(message)?.type)).toEqual([
      'progress',
      'update',
      'complete',
      'error',
    ]);
    expect(translationFixActionOf(messages[3]!)).toEqual({
      type: 'error',
      spanish: 'perro',
      error: { code: 'job_translation_not_in_answer' },
    });
  });

  it('ignore messages of other features', () => {
    expect(translationFixActionOf({ type: 'pong' })).toBeNull();
    expect(translationFixActionOf({ type: 'connected', userId: 'u' })).toBeNull();
  });
});
