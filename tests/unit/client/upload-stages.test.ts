import { describe, expect, it } from 'vitest';
import { UPLOAD_STAGES } from '../../../src/shared/api/uploads';
import {
  currentStageOf,
  deriveStageRows,
  isUploadStage,
  type StageCount,
} from '../../../src/client/features/upload/lib/upload-stages';
import { isJobActive, isJobFinished } from '../../../src/shared/realtime';

const counts = (entries: Record<string, [number, number]>): StageCount[] =>
  Object.entries(entries).map(([name, [completed, total]]) => ({ name, completed, total }));

const statuses = (rows: ReturnType<typeof deriveStageRows>) =>
  Object.fromEntries(rows.map((row) => [row.name, row.status]));

describe('job status', () => {
  it('tells the finished states from the active ones', () => {
    expect(['completed', 'failed', 'cancelled'].every((s) => isJobFinished(s as never))).toBe(true);
    expect(isJobFinished('processing')).toBe(false);
    expect(isJobActive('pending')).toBe(true);
    expect(isJobActive('processing')).toBe(true);
    expect(isJobActive('cancelled')).toBe(false);
  });

  it('knows the ten stage names', () => {
    expect(UPLOAD_STAGES.every(isUploadStage)).toBe(true);
    expect(isUploadStage('finishing')).toBe(false);
    expect(isUploadStage(3)).toBe(false);
  });
});

describe('current stage', () => {
  it('is one of the ten stages when the server names one', () => {
    expect(currentStageOf('processing', 'images')).toBe('images');
  });

  it('is pending before the worker starts', () => {
    expect(currentStageOf('pending', null)).toBe('pending');
    expect(currentStageOf('processing', 'pending')).toBe('pending');
    expect(currentStageOf('processing', null)).toBe('pending');
  });

  it('is the finishing stage for any other name', () => {
    expect(currentStageOf('processing', 'finalizing')).toBe('finishing');
    expect(currentStageOf('completed', 'completed')).toBe('finishing');
  });
});

describe('monitoring rows', () => {
  it('lists the ten stages in order, all not started, without a job', () => {
    const rows = deriveStageRows(null);
    expect(rows.map((row) => row.name)).toEqual([...UPLOAD_STAGES]);
    expect(rows.every((row) => row.status === 'not-started' && row.completed === 0 && row.total === 0)).toBe(
      true,
    );
  });

  it('a pending job has every stage waiting', () => {
    const rows = deriveStageRows({ status: 'pending', stage: 'pending', stages: [] });
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['waiting']));
  });

  it('derives done, running and waiting from the counts and the current stage', () => {
    const rows = deriveStageRows({
      status: 'processing',
      stage: 'examples',
      stages: counts({
        duplicates: [30, 30],
        translation: [0, 0],
        analysis: [20, 28],
        examples: [0, 28],
        tags: [0, 28],
      }),
    });
    expect(statuses(rows)).toEqual({
      duplicates: 'done',
      // Nothing to translate and the job went past it: skipped, so done.
      translation: 'done',
      // Chunks overlap: analysis still has words in flight while examples began.
      analysis: 'running',
      examples: 'running',
      tags: 'waiting',
      images: 'waiting',
      themes: 'waiting',
      audio: 'waiting',
      pronunciation: 'waiting',
      saving: 'waiting',
    });
    expect(rows[2]).toMatchObject({ completed: 20, total: 28 });
  });

  it('a stage with nothing to do ahead of the current one is still waiting', () => {
    const rows = deriveStageRows({
      status: 'processing',
      stage: 'duplicates',
      stages: counts({ images: [0, 0] }),
    });
    expect(statuses(rows).images).toBe('waiting');
    expect(statuses(rows).duplicates).toBe('running');
  });

  it('once past every stage, the ones with nothing to do count as done', () => {
    const rows = deriveStageRows({
      status: 'processing',
      stage: 'finalizing',
      stages: counts({ duplicates: [3, 3], translation: [0, 0], saving: [2, 3] }),
    });
    expect(statuses(rows)).toMatchObject({ duplicates: 'done', translation: 'done', saving: 'running' });
  });

  it('a completed job has every stage done', () => {
    const rows = deriveStageRows({
      status: 'completed',
      stage: 'saving',
      stages: counts({ analysis: [25, 28], images: [0, 28] }),
    });
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(['done']));
    expect(rows[2]).toMatchObject({ completed: 25, total: 28 });
  });

  it('a failed or cancelled job keeps what finished; the rest did not start', () => {
    for (const status of ['failed', 'cancelled'] as const) {
      const rows = deriveStageRows({
        status,
        stage: 'analysis',
        stages: counts({ duplicates: [5, 5], analysis: [2, 5] }),
      });
      expect(statuses(rows)).toMatchObject({
        duplicates: 'done',
        analysis: 'not-started',
        saving: 'not-started',
      });
      expect(rows[2]).toMatchObject({ completed: 2, total: 5 });
    }
  });

  it('clamps counts: never negative, never above the total', () => {
    const rows = deriveStageRows({
      status: 'processing',
      stage: 'audio',
      stages: counts({ audio: [12, 10], images: [-1, 4] }),
    });
    expect(rows.find((row) => row.name === 'audio')).toMatchObject({
      completed: 10,
      total: 10,
      status: 'done',
    });
    expect(rows.find((row) => row.name === 'images')).toMatchObject({
      completed: 0,
      total: 4,
      status: 'waiting',
    });
  });

  it('ignores stage names it does not know', () => {
    const rows = deriveStageRows({
      status: 'processing',
      stage: 'audio',
      stages: counts({ mystery: [1, 1] }),
    });
    expect(rows).toHaveLength(10);
  });
});
