import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/shared/realtime';
import { type JobSnapshot, pendingJob } from '../../../src/client/lib/jobs/job-state';
import {
  adoptableTranslationFixJob,
  CORRECTIONS_KEPT,
  CORRECTIONS_SHOWN,
  initialTranslationFixDetails,
  recentCorrections,
  reduceTranslationFixDetails,
  TRANSLATION_FIX_JOB_KIND,
  type TranslationFixDetails,
  translationFixPercent,
  translationFixView,
} from '../../../src/client/features/settings/lib/translation-fix-state';

const fold = (messages: ServerMessage[], from: TranslationFixDetails = initialTranslationFixDetails) =>
  messages.reduce(reduceTranslationFixDetails, from);

const progress = (current: number, total = 10): ServerMessage => ({
  type: 'translation_regeneration_progress',
  progress: {
    current,
    total,
    regenerated: Math.max(0, current - 1),
    failed: 1,
    currentWord: `palabra${current}`,
  },
});
const correction = (n: number): ServerMessage => ({
  type: 'translation_regeneration_update',
  wordData: { spanish: `palabra${n}`, oldTranslation: `старое${n}`, newTranslation: `новое${n}` },
});
const complete = (regenerated: number, totalWords: number, isStopped = false): ServerMessage => ({
  type: 'translation_regeneration_complete',
  summary: { totalWords, regenerated, failed: 2, isStopped },
});
const job = (status: JobSnapshot['status'] = 'processing', total = 10): JobSnapshot => ({
  ...pendingJob('job-1', total, TRANSLATION_FIX_JOB_KIND),
  status,
});
const view = (
  details: TranslationFixDetails,
  options: { job?: JobSnapshot | null; isRequesting?: boolean; isStoppedHere?: boolean } = {},
) =>
  translationFixView({
    job: options.job === undefined ? job() : options.job,
    details,
    isRequesting: options.isRequesting ?? false,
    isStoppedHere: options.isStoppedHere ?? false,
  });

describe('translation fix details from its messages', () => {
  it('start empty', () => {
    expect(initialTranslationFixDetails).toEqual({
      progress: null,
      corrections: [],
      summary: null,
    });
  });

  it('record progress, corrections and the summary; a word error is only a toast', () => {
    const details = fold([
      progress(3),
      correction(1),
      {
        type: 'translation_regeneration_error',
        wordData: { spanish: 'gato' },
        error: { code: 'translation_missing' },
      },
      complete(8, 10),
    ]);
    expect(details).toEqual({
      progress: { current: 3, total: 10, regenerated: 2, failed: 1, currentWord: 'palabra3' },
      corrections: [{ spanish: 'palabra1', oldTranslation: 'старое1', newTranslation: 'новое1' }],
      summary: { totalWords: 10, regenerated: 8, failed: 2, isStopped: false },
    });
  });

  it('return the same details for messages of other features', () => {
    const details = fold([progress(1)]);
    expect(reduceTranslationFixDetails(details, { type: 'pong' })).toBe(details);
    expect(reduceTranslationFixDetails(details, { type: 'jobStatus', jobId: 'x', status: 'completed' })).toBe(
      details,
    );
  });

  it(`keep the last ${CORRECTIONS_KEPT} corrections and show the newest ${CORRECTIONS_SHOWN} first`, () => {
    const details = fold(Array.from({ length: 13 }, (_, index) => correction(index + 1)));
    expect(details.corrections).toHaveLength(CORRECTIONS_KEPT);
    expect(details.corrections[0]?.spanish).toBe('palabra4');
    expect(recentCorrections(details).map((item) => item.spanish)).toEqual([
      'palabra13',
      'palabra12',
      'palabra11',
      'palabra10',
      'palabra9',
    ]);
    expect(recentCorrections(fold([correction(1), correction(2)])).map((item) => item.spanish)).toEqual([
      'palabra2',
      'palabra1',
    ]);
  });
});

describe('the translation fix section', () => {
  it('shows nothing before any run', () => {
    expect(view(initialTranslationFixDetails, { job: null })).toMatchObject({
      isActive: false,
      hasRun: false,
      line: null,
    });
  });

  it('while the start is answered: a fresh active run, saying it is starting', () => {
    const state = view(fold([progress(3), correction(1)]), { isRequesting: true });
    expect(state).toMatchObject({
      isActive: true,
      hasRun: true,
      current: 0,
      total: 0,
      line: { kind: 'starting' },
    });
    expect(state.corrections).toEqual([]);
  });

  it('a started job without messages yet: its total, saying it is starting', () => {
    expect(view(initialTranslationFixDetails, { job: job('pending', 40) })).toMatchObject({
      isActive: true,
      current: 0,
      total: 40,
      line: { kind: 'starting' },
    });
  });

  it('the first progress says the translations are being prepared, the next ones count', () => {
    expect(view(fold([progress(0)])).line).toEqual({ kind: 'preparing' });
    const state = view(fold([progress(0), progress(4)]));
    expect(state).toMatchObject({
      isActive: true,
      current: 4,
      total: 10,
      regenerated: 3,
      failed: 1,
      currentWord: 'palabra4',
      line: { kind: 'processed', current: 4, total: 10 },
    });
    expect(translationFixPercent(state)).toBe(40);
  });

  it('the summary ends it with its counts, done or stopped', () => {
    const done = view(fold([progress(7), complete(8, 10)]));
    expect(done).toMatchObject({
      isActive: false,
      current: 10,
      total: 10,
      regenerated: 8,
      failed: 2,
      currentWord: null,
      line: { kind: 'done', regenerated: 8, totalWords: 10 },
    });
    expect(translationFixPercent(done)).toBe(100);
    expect(view(fold([complete(3, 10, true)])).line).toEqual({
      kind: 'stopped',
      regenerated: 3,
      totalWords: 10,
    });
  });

  it('a finished job whose summary message was missed ends with the results the status call read', () => {
    const ended = {
      ...job('completed'),
      results: { totalWords: 10, regenerated: 6, failed: 1, isStopped: false },
    };
    expect(view(fold([progress(4)]), { job: ended })).toMatchObject({
      isActive: false,
      current: 10,
      regenerated: 6,
      failed: 1,
      line: { kind: 'done', regenerated: 6, totalWords: 10 },
    });
  });

  it('a stop here makes it inactive at once, keeping the last counts', () => {
    const state = view(fold([progress(2), progress(3)]), { isStoppedHere: true });
    expect(state).toMatchObject({ isActive: false, hasRun: true, current: 3, currentWord: null });
  });

  it('a job that ended without a summary is no longer active', () => {
    expect(view(fold([progress(2)]), { job: job('failed') }).isActive).toBe(false);
  });

  it('clamps the percent and rounds it', () => {
    expect(translationFixPercent({ current: 1, total: 3 })).toBe(33);
    expect(translationFixPercent({ current: 12, total: 10 })).toBe(100);
    expect(translationFixPercent({ current: 5, total: 0 })).toBe(0);
  });
});

describe('a fix started elsewhere', () => {
  const running = (jobId: string, status: 'processing' | 'completed' = 'processing'): ServerMessage => ({
    type: 'jobProgress',
    jobId,
    kind: TRANSLATION_FIX_JOB_KIND,
    status,
    progress: {
      total: 3,
      processed: 1,
      failed: 0,
      stage: null,
      currentWord: null,
      estimatedTimeRemaining: null,
    },
  });

  it('is adopted when the section follows nothing or a finished run', () => {
    expect(adoptableTranslationFixJob(running('other'), null)).toBe('other');
    expect(adoptableTranslationFixJob(running('other'), { jobId: 'mine', status: 'completed' })).toBe(
      'other',
    );
  });

  it('is not adopted over a running one, nor once ended, nor for another kind', () => {
    expect(adoptableTranslationFixJob(running('other'), { jobId: 'mine', status: 'processing' })).toBeNull();
    expect(adoptableTranslationFixJob(running('mine'), { jobId: 'mine', status: 'cancelled' })).toBeNull();
    expect(adoptableTranslationFixJob(running('other', 'completed'), null)).toBeNull();
    expect(
      adoptableTranslationFixJob({ ...running('other'), kind: 'update-tags' } as ServerMessage, null),
    ).toBeNull();
  });
});
