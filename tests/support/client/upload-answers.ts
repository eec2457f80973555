import { act } from '@testing-library/react';
import { currentUploadSchema, dismissUploadSchema, jobPaths } from '../../../src/shared/api/jobs';
import {
  fileUploadResponseSchema,
  processBatchRequestSchema,
  uploadPaths,
  uploadResultsSchema,
  UPLOAD_STAGES,
  type UploadStage,
  type UploadStageSkipReason,
} from '../../../src/shared/api/uploads';
import { type WordListItem, wordsPaths } from '../../../src/shared/api/words';
import type { ServerMessage } from '../../../src/shared/realtime';
import { toastStore } from '../../../src/client/ui/toast-store';
import type { FakeApi, FakeRequest } from './fake-api';
import { currentSocket } from './fake-web-socket';
import { jobAnswer, jobAt, type JobFixture, progressMessage, statusMessage } from './job-answers';
import { listedWord } from './word-fixtures';

/**
 * The server's side of the upload screen (docs/product/upload.md#upload-screen) for client tests: the
 * learner's words, the current upload, the paste and the file that start a job, its status call, cancel and
 * dismiss, each answer parsed by the shared schemas. The test moves the job on with `report`.
 */
export interface UploadServer {
  /** The job as the server has it: null until one is started. */
  readonly job: JobFixture | null;
  /** The bodies of the pastes sent, in order. */
  readonly pastes: {
    text: string;
    enhanceWithAI?: boolean;
    generateImages?: boolean;
    imageStyle?: unknown;
  }[];
  /** The server moves the job on and says so over the socket (its status too once it ends). */
  report(next: JobFixture): void;
  /** `GET /api/words`' answer from now on. */
  setWords(words: WordListItem[]): void;
}

export function answerUploadServer(api: FakeApi, jobId = 'upload-1'): UploadServer {
  let job: JobFixture | null = null;
  let words: WordListItem[] = [];
  let started = 0;
  const pastes: UploadServer['pastes'] = [];
  const start = (total: number) => {
    started += 1;
    job = jobAt(started === 1 ? jobId : `${jobId}-${started}`, 'upload-words', total);
    return job;
  };
  api.on('GET', wordsPaths.words, () => ({ body: words }));
  api.on('GET', uploadPaths.current, () => ({
    body: currentUploadSchema.parse({ job: job ? jobAnswer(job) : null }),
  }));
  api.on('POST', uploadPaths.processBatch, (request: FakeRequest) => {
    const sent = processBatchRequestSchema.parse(request.body);
    pastes.push(request.body as UploadServer['pastes'][number]);
    return { body: { jobId: start(sent.text.split('\n').length).jobId } };
  });
  api.on('POST', uploadPaths.upload, () => {
    const started = start(3);
    return {
      body: fileUploadResponseSchema.parse({
        jobId: started.jobId,
        processed: 3,
        words: [
          { spanish: 'gato', russian: 'кот' },
          { spanish: 'perro', russian: 'собака' },
          { spanish: 'luna', russian: 'луна' },
        ],
      }),
    };
  });
  for (const id of [jobId, `${jobId}-2`]) {
    api.on('GET', jobPaths.job(id), () => ({ body: jobAnswer(job!) }));
    api.on('POST', uploadPaths.cancel(id), () => ({ body: { cancelled: true } }));
    api.on('POST', uploadPaths.dismiss(id), () => ({ body: dismissUploadSchema.parse({ dismissed: true }) }));
  }
  return {
    get job() {
      return job;
    },
    pastes,
    report(next) {
      job = next;
      const messages: ServerMessage[] = [progressMessage(next)];
      if (next.status !== 'processing' && next.status !== 'pending') messages.push(statusMessage(next));
      act(() => {
        for (const message of messages) currentSocket().receive(message);
      });
    },
    setWords(next) {
      words = next;
    },
  };
}

/** The job ended as `status`, every line through, with this report and these stage counts. */
export function endedJob(
  job: JobFixture,
  status: 'completed' | 'cancelled',
  results: unknown,
  stages?: JobFixture['progress']['stages'],
): JobFixture {
  const { total } = job.progress;
  return {
    ...job,
    status,
    progress: { ...job.progress, processed: total, stage: 'saving', ...(stages ? { stages } : {}) },
    results: uploadResultsSchema.parse(results),
  };
}

/** The stage counts of a finished upload: `skipped` stages say why, the others did all `total` items. */
export function stageCounts(
  total: number,
  skipped: Partial<Record<UploadStage, UploadStageSkipReason>>,
): NonNullable<JobFixture['progress']['stages']> {
  return UPLOAD_STAGES.map((name) => {
    const reason = skipped[name];
    return reason ? { name, completed: 0, total: 0, skipped: { reason } } : { name, completed: total, total };
  });
}

/** A word as `GET /api/words` lists it (tests/support/client/word-fixtures.ts). */
export { listedWord };

/** A word of an upload's report (job-answers.ts). */
export { reportedWord } from './job-answers';

/** Each toast raised from now on as "title — description", for a test that reads both. */
export function recordToastTexts(): { texts: string[]; stop: () => void } {
  const seen = new Set<string>();
  const texts: string[] = [];
  const stop = toastStore.subscribe(() => {
    for (const { id, title, description } of toastStore.getState().toasts) {
      if (seen.has(id)) continue;
      seen.add(id);
      texts.push(
        `${typeof title === 'string' ? title : ''} — ${typeof description === 'string' ? description : ''}`,
      );
    }
  });
  return { texts, stop };
}
