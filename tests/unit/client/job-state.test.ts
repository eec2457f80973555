import { jobSchema } from '../../../src/shared/api/jobs';
import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../../src/shared/realtime';
import {
  applyDetailsMessage,
  applyJobMessage,
  isFinishingMessage,
  isMessageAboutJob,
  type JobDetailsRule,
  type JobSnapshot,
  mergeJobSnapshot,
  pendingJob,
  shouldPollJob,
  snapshotFromAnswer,
  takeNewlyFinished,
} from '../../../src/client/lib/jobs/job-state';

type SnapshotOverrides = Omit<Partial<JobSnapshot>, 'progress' | 'details'> & {
  progress?: Partial<JobSnapshot['progress']>;
};

const job = <TDetails = unknown>(overrides: SnapshotOverrides = {}): JobSnapshot<TDetails> => {
  const base: JobSnapshot<TDetails> = pendingJob('job-1', 30, 'upload', []);
  return { ...base, ...overrides, progress: { ...base.progress, ...overrides.progress } };
};

type JobProgressMessage = Extract<ServerMessage, { type: 'jobProgress' }>;
const progressMessage = (
  overrides: Partial<Omit<JobProgressMessage, 'progress'>> & {
    progress?: Partial<JobProgressMessage['progress']>;
  } = {},
): JobProgressMessage => ({
  type: 'jobProgress',
  jobId: 'job-1',
  kind: 'upload',
  status: 'processing',
  ...overrides,
  progress: {
    total: 30,
    processed: 4,
    failed: 1,
    stage: 'analysis',
    currentWord: 'perro',
    estimatedTimeRemaining: 60_000,
    ...overrides.progress,
  },
});

describe('a job snapshot', () => {
  it('starts pending with its total and kind', () => {
    expect(pendingJob('abc', 12, 'update-tags')).toEqual({
      jobId: 'abc',
      kind: 'update-tags',
      status: 'pending',
      progress: {
        total: 12,
        processed: 0,
        failed: 0,
        stage: 'pending',
        currentWord: null,
        estimatedTimeRemaining: null,
      },
      results: null,
      error: null,
    });
  });

  it('reads any job kind from the status call, with the results of its kind', () => {
    const answer = jobSchema.parse({
      jobId: 'j',
      kind: 'regenerate-all-russian-audio',
      status: 'completed',
      progress: {
        total: 2,
        processed: 2,
        failed: 0,
        stage: null,
        currentWord: null,
        estimatedTimeRemaining: null,
      },
      results: { totalWords: 2, regenerated: 1, failed: 0 },
      error: null,
    });
    expect(snapshotFromAnswer(answer)).toMatchObject({
      jobId: 'j',
      kind: 'regenerate-all-russian-audio',
      status: 'completed',
      results: { totalWords: 2, regenerated: 1, failed: 0 },
    });
  });
});

describe('socket messages about the job', () => {
  it('tells its own messages from other jobs and other message types', () => {
    expect(isMessageAboutJob(progressMessage(), 'job-1')).toBe(true);
    expect(isMessageAboutJob(progressMessage({ jobId: 'job-2' }), 'job-1')).toBe(false);
    expect(isMessageAboutJob({ type: 'jobStatus', jobId: 'job-1', status: 'failed' }, 'job-1')).toBe(true);
    expect(isMessageAboutJob({ type: 'pong' }, 'job-1')).toBe(false);
  });

  it('knows a finishing message', () => {
    expect(isFinishingMessage(progressMessage())).toBe(false);
    expect(isFinishingMessage(progressMessage({ status: 'completed' }))).toBe(true);
    expect(isFinishingMessage({ type: 'jobStatus', jobId: 'job-1', status: 'cancelled' })).toBe(true);
  });

  it('moves the job with a progress message, keeping the stages it had when the message has none', () => {
    const stages = [{ name: 'duplicates', completed: 30, total: 30 }];
    const previous = job({ status: 'processing', progress: { stages, processed: 1 } });
    const next = applyJobMessage(previous, progressMessage());
    expect(next).toMatchObject({
      status: 'processing',
      kind: 'upload',
      progress: { processed: 4, failed: 1 },
    });
    expect(next?.progress.stages).toEqual(stages);
  });

  it('builds the job from a progress message when nothing was known, but not from a bare status', () => {
    expect(applyJobMessage(undefined, progressMessage())).toMatchObject({
      jobId: 'job-1',
      status: 'processing',
    });
    expect(
      applyJobMessage(undefined, { type: 'jobStatus', jobId: 'job-1', status: 'completed' }),
    ).toBeUndefined();
  });

  it('a status message changes the status only, never backwards', () => {
    const running = job({ status: 'processing', progress: { processed: 7 } });
    const failed = applyJobMessage(running, { type: 'jobStatus', jobId: 'job-1', status: 'failed' });
    expect(failed).toMatchObject({ status: 'failed', progress: { processed: 7 } });
    expect(applyJobMessage(failed, progressMessage({ progress: { processed: 9 } }))).toBe(failed);
  });

  it('leaves another job untouched', () => {
    const previous = job();
    expect(applyJobMessage(previous, progressMessage({ jobId: 'job-2' }))).toBe(previous);
  });
});

describe('merging the socket and the poll', () => {
  it('takes newer progress', () => {
    const merged = mergeJobSnapshot(
      job({ status: 'processing', progress: { processed: 3 } }),
      job({ status: 'processing', progress: { processed: 5, currentWord: 'gato' } }),
    );
    expect(merged.progress).toMatchObject({ processed: 5, currentWord: 'gato' });
  });

  it('never moves backwards when a late poll arrives after a socket message', () => {
    const ahead = job({ status: 'processing', progress: { processed: 10 } });
    const merged = mergeJobSnapshot(ahead, job({ status: 'pending', progress: { processed: 8 } }));
    expect(merged.status).toBe('processing');
    expect(merged.progress.processed).toBe(10);
  });

  it('counts stage work too when deciding what is behind', () => {
    const ahead = job({
      status: 'processing',
      progress: { processed: 0, stages: [{ name: 'duplicates', completed: 30, total: 30 }] },
    });
    const late = job({
      status: 'processing',
      progress: { processed: 0, stages: [{ name: 'duplicates', completed: 10, total: 30 }] },
    });
    expect(mergeJobSnapshot(ahead, late).progress).toBe(ahead.progress);
  });

  it('never leaves a finished status for a running one', () => {
    const done = job({ status: 'completed', results: { words: [] } });
    expect(mergeJobSnapshot(done, job({ status: 'processing' }))).toBe(done);
  });

  it('keeps results, the error message, the kind and the details once known', () => {
    const known = {
      ...job({ status: 'completed', results: { words: [] }, error: { code: 'unknown' } }),
      details: { n: 1 },
    };
    const merged = mergeJobSnapshot(known, job({ status: 'completed', kind: null }));
    expect(merged).toMatchObject({
      results: { words: [] },
      error: { code: 'unknown' },
      kind: 'upload',
      details: { n: 1 },
    });
  });

  it('a finishing snapshot wins even with less work counted', () => {
    const merged = mergeJobSnapshot(
      job({ status: 'processing', progress: { processed: 10 } }),
      job({ status: 'cancelled', progress: { processed: 9 } }),
    );
    expect(merged).toMatchObject({ status: 'cancelled', progress: { processed: 9 } });
  });

  it('another job replaces the snapshot entirely', () => {
    const other = { ...job(), jobId: 'job-2' };
    expect(mergeJobSnapshot(job({ status: 'completed' }), other)).toBe(other);
    expect(mergeJobSnapshot(undefined, other)).toBe(other);
  });
});

describe("a screen's details from the job's extra messages", () => {
  const counting: JobDetailsRule<{ updates: number }> = {
    initial: { updates: 0 },
    reduce: (details, message) =>
      message.type === 'translation_regeneration_update' ? { updates: details.updates + 1 } : details,
  };
  const update: ServerMessage = {
    type: 'translation_regeneration_update',
    wordData: { spanish: 'perro', oldTranslation: 'пёс', newTranslation: 'собака' },
  };

  it('folds them from the initial value', () => {
    const once = applyDetailsMessage(job<{ updates: number }>(), counting, update);
    expect(once?.details).toEqual({ updates: 1 });
    expect(applyDetailsMessage(once, counting, update)?.details).toEqual({ updates: 2 });
  });

  it('returns the same snapshot for a message the rule ignores, and nothing for an unknown job', () => {
    const previous = job<{ updates: number }>();
    expect(applyDetailsMessage(previous, counting, { type: 'pong' })).toBe(previous);
    expect(applyDetailsMessage(undefined, counting, update)).toBeUndefined();
  });
});

describe('polling and the end', () => {
  it('polls until the job has ended', () => {
    expect(shouldPollJob(undefined)).toBe(true);
    expect(shouldPollJob({ status: 'processing' })).toBe(true);
    expect(shouldPollJob({ status: 'failed' })).toBe(false);
  });

  it('reports each finished job once, whichever source told it', () => {
    const reported = new Set<string>();
    const running = job({ status: 'processing' });
    const done = { ...job({ status: 'completed' }), jobId: 'job-2' };
    expect(takeNewlyFinished([running, done, undefined], reported)).toEqual([done]);
    expect(takeNewlyFinished([running, done], reported)).toEqual([]);
    const nowDone = { ...running, status: 'cancelled' as const };
    expect(takeNewlyFinished([nowDone, done], reported)).toEqual([nowDone]);
  });
});
