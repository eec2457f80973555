import { describe, expect, it } from 'vitest';
import {
  finishedCountsOf,
  jobPercent,
  type StartedJob,
  trackedJobOf,
  trackJob,
} from '../../../src/client/features/dictionary/lib/dictionary-jobs';
import { pendingJob } from '../../../src/client/lib/jobs/job-state';
import {
  isEverySelected,
  selectedInView,
  toggleSelected,
} from '../../../src/client/features/dictionary/lib/word-selection';

describe('dictionary jobs', () => {
  const job: StartedJob = { jobId: 'j1', kind: 'generate-missing-images' };

  it('a row shows the followed job with the kind it was started as', () => {
    expect(trackedJobOf(job, null)).toBeNull();
    const snapshot = {
      ...pendingJob('j1', 10, 'generate-missing-images'),
      status: 'processing' as const,
    };
    const row = trackedJobOf(job, {
      ...snapshot,
      progress: { ...snapshot.progress, processed: 4, failed: 1, currentWord: 'casa' },
    });
    expect(row).toEqual({
      jobId: 'j1',
      kind: 'generate-missing-images',
      status: 'processing',
      total: 10,
      processed: 4,
      failed: 1,
      currentWord: 'casa',
    });
    expect(jobPercent(row!)).toBe(40);
    expect(jobPercent({ ...row!, status: 'completed' })).toBe(100);
  });

  it('keeps one job per kind', () => {
    const again: StartedJob = { jobId: 'j2', kind: 'generate-missing-images' };
    const other: StartedJob = { jobId: 'j3', kind: 'update-tags' };
    expect(trackJob(trackJob([job, other], again), again).map((tracked) => tracked.jobId)).toEqual([
      'j3',
      'j2',
    ]);
  });

  it('shows 0% for an empty job until it completes', () => {
    expect(jobPercent({ status: 'processing', total: 0, processed: 0 })).toBe(0);
    expect(jobPercent({ status: 'completed', total: 0, processed: 0 })).toBe(100);
  });
});

describe('a dictionary job’s end (docs/product/dictionary.md#maintenance-actions)', () => {
  it('counts what the job changed, against the words it was started with', () => {
    const finished = {
      ...pendingJob('j1', 3, 'update-tags'),
      status: 'completed' as const,
      results: { processed: 3, changed: 1, failed: 0, errors: [] },
    };
    expect(finishedCountsOf(finished)).toEqual({ changed: 1, processed: 3, failed: 0, total: 3 });
  });

  it('has no counts without readable results', () => {
    expect(finishedCountsOf({ ...pendingJob('j1', 3), results: null })).toBeUndefined();
    expect(finishedCountsOf({ ...pendingJob('j1', 3), results: { processed: 3 } })).toBeUndefined();
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
