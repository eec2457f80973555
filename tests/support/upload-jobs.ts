import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import type { UploadJob } from '../../src/shared/api/uploads';
import type { TestUser } from './build-test-app';

/** The upload job once it has finished (any ending), read through the learner's own status call. */
export async function waitForUploadJob(
  app: FastifyInstance,
  user: TestUser,
  jobId: string,
  timeoutMs = 60_000,
): Promise<UploadJob> {
  let job: UploadJob | undefined;
  await vi.waitUntil(
    async () => {
      const answer = await app.inject({
        method: 'GET',
        url: `/api/words/job/${jobId}`,
        headers: { cookie: user.cookie },
      });
      job = answer.json<UploadJob>();
      return job.status !== 'pending' && job.status !== 'processing';
    },
    { timeout: timeoutMs, interval: 50 },
  );
  return job!;
}
