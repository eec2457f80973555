import { type Job, jobSchema } from '../../../src/shared/api/jobs';
import { type UploadResults, uploadResultsSchema } from '../../../src/shared/api/uploads';
import { emptyJobProgress, type JobProgress, type ServerMessage } from '../../../src/shared/realtime';

/**
 * What the server would say about a job, built here and parsed with the shared schemas (`jobSchema`,
 * `serverMessageSchema` in the fake socket), so a fixture the server could not send fails at once.
 */

export interface JobFixture {
  jobId: string;
  kind: Job['kind'];
  status: Job['status'];
  progress: JobProgress;
  results: unknown;
}

export function jobAt(
  jobId: string,
  kind: Job['kind'],
  total: number,
  done = 0,
  status: Job['status'] = done === 0 ? 'pending' : 'processing',
): JobFixture {
  return {
    jobId,
    kind,
    status,
    progress: {
      ...emptyJobProgress(total),
      processed: done,
      stage: status === 'pending' ? 'pending' : 'saving',
    },
    results: null,
  };
}

/** `GET /api/jobs/:id`'s answer for the job as it stands. */
export function jobAnswer(job: JobFixture): Job {
  return jobSchema.parse({ ...job, error: null });
}

/** The job's `jobProgress` message as the server publishes it. */
export function progressMessage(job: JobFixture): ServerMessage {
  return {
    type: 'jobProgress',
    jobId: job.jobId,
    kind: job.kind,
    status: job.status,
    progress: job.progress,
  };
}

export function statusMessage(job: JobFixture): ServerMessage {
  return { type: 'jobStatus', jobId: job.jobId, status: job.status };
}

/** A word of an upload's report, as the server lists what it added. */
export function reportedWord(
  id: number,
  spanish: string,
  russian: string,
  extra: Partial<UploadResults['words'][number]> = {},
): UploadResults['words'][number] {
  return {
    id,
    spanish,
    russian,
    example: null,
    exampleTranslation: null,
    cefrLevel: null,
    partOfSpeech: null,
    filled: [],
    ...extra,
  };
}

/** An upload's report in which every line was added, one word each. */
export function uploadResultsOf(pairs: readonly (readonly [string, string])[]): UploadResults {
  return uploadResultsSchema.parse({
    words: pairs.map(([spanish, russian], index) => reportedWord(index + 1, spanish, russian)),
    duplicates: [],
    errors: [],
  });
}
