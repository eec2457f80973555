import { describe, expect, it } from 'vitest';
import { UPLOAD_STAGES } from '../../../src/shared/api/uploads';
import type { JobProgress, JobStatus } from '../../../src/shared/realtime';
import {
  jobCurrentIndex,
  jobDoneCount,
  jobFraction,
  jobPercent,
  type ProgressOf,
} from '../../../src/client/lib/jobs/job-progress';
import { deriveStageRows } from '../../../src/client/features/upload/lib/upload-stages';

type Stages = NonNullable<JobProgress['stages']>;

const job = (
  status: JobStatus,
  progress: Partial<ProgressOf['progress']> & { total: number },
): ProgressOf => ({ status, progress: { processed: 0, failed: 0, ...progress } });

/** The ten stages of a paste of `total` lines, each at the given count (the rest at 0). */
const stagesOf = (total: number, done: Partial<Record<string, number>>, skipped: string[] = []): Stages =>
  UPLOAD_STAGES.map((name) =>
    skipped.includes(name)
      ? { name, completed: 0, total: 0, skipped: { reason: 'no_language_model' } }
      : { name, completed: done[name] ?? 0, total },
  );

describe('overall progress of a job', () => {
  it('follows the stages’ work before any word is saved (issue: 120 of 300 analysed, headline at 0 %)', () => {
    const running = job('processing', {
      total: 300,
      stages: stagesOf(300, { duplicates: 300, analysis: 120, examples: 120, tags: 120 }),
    });
    expect(jobPercent(running)).toBeGreaterThan(10);
    expect(jobCurrentIndex(running)).toBeGreaterThan(1);
    expect(jobDoneCount(running)).toBe(Math.floor(jobFraction(running) * 300));
  });

  it('moves a little with every word, never a chunk of 20 at once', () => {
    const at = (word: number) =>
      jobPercent(
        job('processing', {
          total: 300,
          stages: stagesOf(300, { duplicates: 300, images: word, audio: word, pronunciation: word }),
        }),
      );
    for (let word = 0; word < 300; word += 1) {
      const step = at(word + 1) - at(word);
      expect(step).toBeGreaterThanOrEqual(0);
      expect(step).toBeLessThanOrEqual(1);
    }
  });

  it('weighs the costly stages more, and leaves skipped stages and stages without work out', () => {
    const stages: Stages = [
      { name: 'duplicates', completed: 10, total: 10 },
      { name: 'translation', completed: 0, total: 0 },
      { name: 'analysis', completed: 0, total: 0, skipped: { reason: 'no_language_model' } },
      { name: 'images', completed: 5, total: 10 },
      { name: 'saving', completed: 0, total: 10 },
    ];
    // duplicates 1 × 1 + images 3 × 0.5 + saving 2 × 0 over 1 + 3 + 2.
    expect(jobFraction(job('processing', { total: 10, stages }))).toBeCloseTo(2.5 / 6);
    expect(jobPercent(job('processing', { total: 10, stages }))).toBe(41);
  });

  it('reaches 100 only when the job completed', () => {
    const allThrough = stagesOf(30, Object.fromEntries(UPLOAD_STAGES.map((name) => [name, 30])));
    expect(jobPercent(job('processing', { total: 30, stages: stagesOf(30, { saving: 29 }) }))).toBeLessThan(
      100,
    );
    expect(jobPercent(job('completed', { total: 30, processed: 30, stages: allThrough }))).toBe(100);
    expect(jobPercent(job('completed', { total: 0 }))).toBe(100);
    expect(jobPercent(job('processing', { total: 0 }))).toBe(0);
  });

  it('without stage counts, counts the items handled', () => {
    expect(jobPercent(job('processing', { total: 10, processed: 4, failed: 1 }))).toBe(50);
    expect(jobPercent(job('processing', { total: 3, processed: 1 }))).toBe(33);
    expect(jobCurrentIndex(job('processing', { total: 30, processed: 4 }))).toBe(5);
    expect(jobCurrentIndex(job('processing', { total: 10, processed: 3 }))).toBe(4);
  });

  it('says word 0 before the start, and the words handled once the job ended', () => {
    expect(jobCurrentIndex(job('pending', { total: 30 }))).toBe(0);
    expect(jobCurrentIndex(job('cancelled', { total: 30, processed: 12, failed: 1 }))).toBe(13);
    expect(jobDoneCount(job('completed', { total: 30, processed: 28, failed: 2 }))).toBe(30);
  });
});

describe('a skipped stage in the monitor', () => {
  it('shows as skipped with its reason, whatever the job’s status; an unknown reason reads as other', () => {
    const stages = stagesOf(5, { duplicates: 5 }, ['analysis']).map((stage) =>
      stage.name === 'examples' ? { ...stage, total: 0, skipped: { reason: 'from-a-newer-server' } } : stage,
    );
    for (const status of ['processing', 'completed'] as const) {
      const rows = deriveStageRows({ status, stage: 'audio', stages });
      expect(rows.find((row) => row.name === 'analysis')).toMatchObject({
        status: 'skipped',
        skipReason: 'no_language_model',
      });
      expect(rows.find((row) => row.name === 'examples')).toMatchObject({
        status: 'skipped',
        skipReason: 'other',
      });
      expect(rows.find((row) => row.name === 'duplicates')?.status).toBe('done');
    }
  });
});
