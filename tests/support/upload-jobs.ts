import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { UploadWordsJob } from '../../src/shared/api/jobs';
import type { TestUser } from './build-test-app';

/** The upload job once it has finished (any ending), read through the learner's own status call. */
export async function waitForUploadJob(
  app: FastifyInstance,
  user: TestUser,
  jobId: string,
  timeoutMs = 60_000,
): Promise<UploadWordsJob> {
  let job: UploadWordsJob | undefined;
  await vi.waitUntil(
    async () => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/jobs/${jobId}`,
        headers: { cookie: user.cookie },
      });
      job = answer.json<UploadWordsJob>();
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: timeoutMs, interval: 50 },
  );
  return job!;
}
