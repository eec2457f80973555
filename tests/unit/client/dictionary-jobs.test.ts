import { describe, expect, it } from 'vitest';
import {
  applyJobMessage,
  jobPercent,
  startedJob,
  trackJob,
} from '../../../src/client/features/dictionary/lib/dictionary-jobs';
import {
  isEverySelected,
  selectedInView,
  toggleSelected,
} from '../../../src/client/features/dictionary/lib/word-selection';
import type { ServerMessage } from '../../../src/shared/realtime';

const progress = (processed: number, total = 10) => ({
  total,
  processed,
  failed: 0,
  stage: null,
  currentWord: 'casa',
  estimatedTimeRemaining: null,
});
const progressMessage = (
  jobId: string,
  status: 'processing' | 'completed',
  processed: number,
): ServerMessage => ({
  type: 'jobProgress',
  jobId,
  kind: 'generate-missing-images',
  status,
  progress: progress(processed),
});

describe('dictionary jobs', () => {
  const job = startedJob('j1', 'generate-missing-images', 10);

  it('moves with progress messages and ends with the last one', () => {
    let jobs = trackJob([], job);
    jobs = applyJobMessage(jobs, progressMessage('j1', 'processing', 4));
    expect(jobs[0]).toMatchObject({ status: 'processing', processed: 4, currentWord: 'casa' });
    expect(jobPercent(jobs[0]!)).toBe(40);
    jobs = applyJobMessage(jobs, progressMessage('j1', 'completed', 10));
    expect(jobs[0]).toMatchObject({ status: 'completed', processed: 10 });
    expect(jobPercent(jobs[0]!)).toBe(100);
  });

  it('never moves backwards, nor past its end', () => {
    let jobs = applyJobMessage([job], progressMessage('j1', 'processing', 6));
    jobs = applyJobMessage(jobs, progressMessage('j1', 'processing', 3));
    expect(jobs[0]?.processed).toBe(6);
    jobs = applyJobMessage(jobs, { type: 'jobStatus', jobId: 'j1', status: 'failed' });
    jobs = applyJobMessage(jobs, progressMessage('j1', 'processing', 8));
    expect(jobs[0]).toMatchObject({ status: 'failed', processed: 6 });
  });

  it('ignores messages about other jobs, returning the same list', () => {
    const jobs = [job];
    expect(applyJobMessage(jobs, progressMessage('other', 'processing', 1))).toBe(jobs);
    expect(applyJobMessage(jobs, { type: 'pong' })).toBe(jobs);
  });

  it('keeps one job per kind', () => {
    const again = startedJob('j2', 'generate-missing-images', 3);
    const other = startedJob('j3', 'update-tags', 5);
    expect(trackJob(trackJob([job, other], again), again).map((tracked) => tracked.jobId)).toEqual([
      'j3',
      'j2',
    ]);
  });

  it('shows 0% for an empty job until it completes', () => {
    expect(jobPercent(startedJob('j', 'update-tags', 0))).toBe(0);
  });
});

describe('select mode', () => {
  it('toggles a word in and out', () => {
    const once = toggleSelected(new Set(), 3);
    expect([...once]).toEqual([3]);
    expect([...toggleSelected(once, 3)]).toEqual([]);
  });

  it('acts only on selected words still on screen, in screen order', () => {
    const selected = new Set([5, 1, 9]);
    expect(selectedInView(selected, [1, 2, 5])).toEqual([1, 5]);
    expect(isEverySelected(selected, [1, 5])).toBe(true);
    expect(isEverySelected(selected, [1, 2])).toBe(false);
    expect(isEverySelected(selected, [])).toBe(false);
  });
});
