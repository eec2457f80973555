// @vitest-environment happy-dom
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { jobPaths } from '../../../src/shared/api/jobs';
import { uploadPaths } from '../../../src/shared/api/upload-paths';
import { processBatchRequestSchema, processBatchResponseSchema } from '../../../src/shared/api/uploads';
import { processBatch } from '../../../src/client/features/upload/api/process-batch.api';
import { useJob, useJobs } from '../../../src/client/lib/jobs/job.hook';
import {
  JOB_POLL_INTERVAL_MS,
  type JobSnapshot,
  pendingJob,
  SOCKET_WAIT_MS,
} from '../../../src/client/lib/jobs/job-state';
import { queryKeys } from '../../../src/client/lib/query-keys';
import {
  MAX_RECONNECT_ATTEMPTS,
  RECONNECT_DELAY_MS,
  realtimeSocket,
  SOCKET_ERRORS,
} from '../../../src/client/lib/realtime-socket';
import { createQueryClient } from '../../../src/client/lib/query-client';
import { deferred, type FakeAnswer, type FakeApi } from '../../support/client/fake-api';
import { useFakeClient } from '../../support/client/fake-client';
import { currentSocket, FakeWebSocket } from '../../support/client/fake-web-socket';
import {
  jobAnswer,
  jobAt,
  type JobFixture,
  progressMessage,
  statusMessage,
  uploadResultsOf,
} from '../../support/client/job-answers';
import { pageWrapper } from '../../support/client/render-client';

/**
 * `useJob`/`useJobs` (docs/product/jobs.md#following-a-job) against a fake `/ws` and a stubbed status call:
 * a start that waits for the socket and keeps the messages sent before its answer, the end reported once
 * whichever source tells it, and the poll that carries the job when the socket is down.
 */

const JOB = 'job-a';
const OTHER_JOB = 'job-b';
const RESULTS = uploadResultsOf([
  ['el perro', 'собака'],
  ['la casa', 'дом'],
]);

const fakeClient = useFakeClient();
let api: FakeApi;
/** What the server's status call answers for each job. */
let server: Map<string, JobFixture>;

function answerJobs(...jobIds: string[]) {
  for (const jobId of jobIds)
    api.on('GET', jobPaths.job(jobId), () => {
      const job = server.get(jobId);
      return job
        ? { body: jobAnswer(job) }
        : { status: 404, body: { message: 'Not found', code: 'not_found' } };
    });
}

function completed(job: JobFixture): JobFixture {
  return {
    ...job,
    status: 'completed',
    progress: { ...job.progress, processed: job.progress.total },
    results: RESULTS,
  };
}

/**
 * A clock that moves only when the test moves it, for a test that asserts what has not happened yet before
 * a time limit: the clock of the other tests also moves with real time, which a loaded machine stretches.
 */
function stopTheClock() {
  vi.useRealTimers();
  vi.useFakeTimers();
}

/** Time passes for the poll, inside act: the answers it brings render. */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function followJob(jobId: string | null, onFinish = vi.fn<(job: JobSnapshot) => void>()) {
  const queryClient = createQueryClient();
  const hook = renderHook((props: { jobId: string | null }) => useJob(props.jobId, { onFinish }), {
    wrapper: pageWrapper(queryClient),
    initialProps: { jobId },
  });
  return { ...hook, queryClient, onFinish };
}

beforeEach(() => {
  api = fakeClient.api;
  server = new Map();
});

describe('starting a job', () => {
  it('waits for the socket, then keeps the messages sent before the answer and replays them', async () => {
    stopTheClock();
    const answer = deferred<FakeAnswer>();
    api.on('POST', uploadPaths.processBatch, (request) => {
      processBatchRequestSchema.parse(request.body);
      return answer.promise;
    });
    answerJobs(JOB);
    const { result, rerender, queryClient } = followJob(null);
    const socket = currentSocket();
    expect(socket.readyState).toBe(FakeWebSocket.CONNECTING);

    let started: Promise<{ jobId: string }> | undefined;
    act(() => {
      started = result.current.start(
        () => processBatch({ text: 'perro / собака\ncasa / дом', enhanceWithAI: true }),
        (started) => pendingJob(started.jobId, 2, null, []),
      );
    });
    // Nothing is asked of the server while the socket is still connecting, up to SOCKET_WAIT_MS.
    await pass(SOCKET_WAIT_MS - 1);
    expect(api.count('POST', uploadPaths.processBatch)).toBe(0);

    act(() => socket.open());
    // vi.waitFor moves the stopped clock on between its checks; the socket is open, so nothing waits on it.
    await vi.waitFor(() => expect(api.count('POST', uploadPaths.processBatch)).toBe(1));
    // A fast job reports before its start is answered: the client does not know its id yet.
    server.set(JOB, jobAt(JOB, 'upload-words', 2, 1));
    act(() => socket.receive(progressMessage(server.get(JOB)!)));
    answer.resolve({ body: processBatchResponseSchema.parse({ jobId: JOB }) });
    await act(async () => {
      await started;
    });

    // Replayed into the job's entry over the seed, before any status call was made.
    expect(queryClient.getQueryData<JobSnapshot>(queryKeys.jobs.byId(JOB))).toMatchObject({
      status: 'processing',
      progress: { processed: 1, total: 2 },
    });
    expect(api.count('GET', jobPaths.job(JOB))).toBe(0);
    expect(socket.subscriptions()).toEqual([JOB]);

    rerender({ jobId: JOB });
    expect(result.current.job).toMatchObject({
      jobId: JOB,
      status: 'processing',
      progress: { processed: 1 },
    });
  });

  it('goes ahead without the socket once SOCKET_WAIT_MS has passed', async () => {
    stopTheClock();
    api.on('POST', uploadPaths.processBatch, () => ({ body: { jobId: JOB } }));
    server.set(JOB, jobAt(JOB, 'upload-words', 2));
    answerJobs(JOB);
    const { result } = followJob(null);

    let started: Promise<{ jobId: string }> | undefined;
    act(() => {
      started = result.current.start(
        () => processBatch({ text: 'perro / собака', enhanceWithAI: true }),
        (started) => pendingJob(started.jobId, 2, null, []),
      );
    });
    await pass(SOCKET_WAIT_MS - 1);
    expect(api.count('POST', uploadPaths.processBatch)).toBe(0);
    await pass(1);
    await act(async () => {
      await expect(started).resolves.toEqual({ jobId: JOB });
    });
  });

  it('shows a job that ended before its start was answered as ended, with its results, and reports it once', async () => {
    const answer = deferred<FakeAnswer>();
    api.on('POST', uploadPaths.processBatch, () => answer.promise);
    answerJobs(JOB);
    const { result, rerender, onFinish } = followJob(null);
    const socket = currentSocket();
    act(() => socket.open());

    let started: Promise<{ jobId: string }> | undefined;
    act(() => {
      started = result.current.start(
        () => processBatch({ text: 'perro / собака\ncasa / дом', enhanceWithAI: true }),
        (started) => pendingJob(started.jobId, 2, null, []),
      );
    });
    await waitFor(() => expect(api.count('POST', uploadPaths.processBatch)).toBe(1));
    server.set(JOB, completed(jobAt(JOB, 'upload-words', 2)));
    act(() => {
      socket.receive(progressMessage(server.get(JOB)!));
      socket.receive(statusMessage(server.get(JOB)!));
    });
    answer.resolve({ body: { jobId: JOB } });
    await act(async () => {
      await started;
    });
    rerender({ jobId: JOB });

    await waitFor(() => expect(result.current.job).toMatchObject({ status: 'completed', results: RESULTS }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish.mock.calls[0]?.[0]).toMatchObject({ jobId: JOB, status: 'completed', results: RESULTS });
    // An ended job is not asked about again.
    const asked = api.count('GET', jobPaths.job(JOB));
    await pass(JOB_POLL_INTERVAL_MS * 3);
    expect(api.count('GET', jobPaths.job(JOB))).toBe(asked);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});

describe('the end of a job', () => {
  it('is reported once when the poll tells it first and the socket after', async () => {
    server.set(JOB, jobAt(JOB, 'upload-words', 2, 1));
    answerJobs(JOB);
    const { result, onFinish } = followJob(JOB);
    act(() => currentSocket().open());
    await waitFor(() => expect(result.current.job?.progress.processed).toBe(1));

    server.set(JOB, completed(server.get(JOB)!));
    await pass(JOB_POLL_INTERVAL_MS);
    await waitFor(() => expect(result.current.job?.status).toBe('completed'));
    expect(onFinish).toHaveBeenCalledTimes(1);

    // The socket's news of the same end arrives late; its final read is answered, and changes nothing.
    const asked = api.count('GET', jobPaths.job(JOB));
    act(() => {
      currentSocket().receive(progressMessage(server.get(JOB)!));
      currentSocket().receive(statusMessage(server.get(JOB)!));
    });
    await waitFor(() => expect(api.count('GET', jobPaths.job(JOB))).toBe(asked + 1));
    await pass(JOB_POLL_INTERVAL_MS);
    expect(onFinish).toHaveBeenCalledTimes(1);
    expect(result.current.job).toMatchObject({ status: 'completed', results: RESULTS });
  });

  it('is reported once per job when several are followed, whichever source tells each', async () => {
    server.set(JOB, jobAt(JOB, 'upload-words', 2, 1));
    server.set(OTHER_JOB, jobAt(OTHER_JOB, 'regenerate-all-phrases', 4, 1));
    answerJobs(JOB, OTHER_JOB);
    const onFinish = vi.fn<(job: JobSnapshot) => void>();
    const { result } = renderHook(() => useJobs([JOB, OTHER_JOB], { onFinish }), {
      wrapper: pageWrapper(createQueryClient()),
    });
    const socket = currentSocket();
    act(() => socket.open());
    await waitFor(() =>
      expect(result.current.jobs.map(({ job }) => job?.progress.processed)).toEqual([1, 1]),
    );
    expect(socket.subscriptions().sort()).toEqual([JOB, OTHER_JOB]);

    // The first ends on the socket; its results come from the status call read once more.
    server.set(JOB, completed(server.get(JOB)!));
    act(() => {
      socket.receive(progressMessage(server.get(JOB)!));
      socket.receive(statusMessage(server.get(JOB)!));
    });
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(1));
    expect(onFinish).toHaveBeenLastCalledWith(expect.objectContaining({ jobId: JOB, results: RESULTS }));
    expect(result.current.jobs[1]?.job?.status).toBe('processing');

    // The second ends with the socket silent: the poll tells it.
    server.set(OTHER_JOB, {
      ...server.get(OTHER_JOB)!,
      status: 'completed',
      results: { processed: 4, changed: 4, failed: 0, errors: [] },
    });
    await pass(JOB_POLL_INTERVAL_MS);
    await waitFor(() => expect(onFinish).toHaveBeenCalledTimes(2));
    expect(onFinish).toHaveBeenLastCalledWith(expect.objectContaining({ jobId: OTHER_JOB }));

    // Late socket news about either changes nothing.
    act(() => {
      socket.receive(statusMessage(server.get(JOB)!));
      socket.receive(statusMessage(server.get(OTHER_JOB)!));
    });
    await pass(JOB_POLL_INTERVAL_MS * 2);
    expect(onFinish).toHaveBeenCalledTimes(2);
  });
});

describe('with the socket down', () => {
  it('the poll brings the progress and the end, which is reported once, and then stops asking', async () => {
    FakeWebSocket.isRefusing = true;
    const warnings = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.set(JOB, jobAt(JOB, 'upload-words', 4, 1));
    answerJobs(JOB);
    const { result, onFinish } = followJob(JOB);
    await waitFor(() => expect(result.current.job?.progress.processed).toBe(1));

    // The socket is tried again and again, then given up: the status call is all there is.
    await pass(RECONNECT_DELAY_MS * MAX_RECONNECT_ATTEMPTS);
    expect(FakeWebSocket.opened).toHaveLength(MAX_RECONNECT_ATTEMPTS + 1);
    expect(realtimeSocket.getState()).toBe('failed');
    expect(warnings).toHaveBeenLastCalledWith(SOCKET_ERRORS.gaveUp);

    server.set(JOB, jobAt(JOB, 'upload-words', 4, 3));
    await pass(JOB_POLL_INTERVAL_MS);
    await waitFor(() => expect(result.current.job?.progress.processed).toBe(3));
    expect(onFinish).not.toHaveBeenCalled();

    server.set(JOB, completed(server.get(JOB)!));
    await pass(JOB_POLL_INTERVAL_MS);
    await waitFor(() => expect(result.current.job).toMatchObject({ status: 'completed', results: RESULTS }));
    expect(onFinish).toHaveBeenCalledTimes(1);

    const asked = api.count('GET', jobPaths.job(JOB));
    await pass(JOB_POLL_INTERVAL_MS * 3);
    expect(api.count('GET', jobPaths.job(JOB))).toBe(asked);
    expect(onFinish).toHaveBeenCalledTimes(1);
  });
});
