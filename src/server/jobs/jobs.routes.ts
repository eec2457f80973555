import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type Job, jobSchema } from '../../shared/api/jobs';
import { type SessionResolver, userIdOf } from '../auth/session-cookie';
import { notFound } from '../http/app-error';
import type { JobRuntime } from './job-runtime';

const jobParams = z.object({ id: z.string().max(64) });

/**
 * `GET /api/jobs/:id`: any job of the signed-in learner, of any kind, read the one way the client follows
 * every job (docs/product/jobs.md#following-a-job). Another learner's job answers 404 like a missing one.
 */
export const jobsRoutes: FastifyPluginAsyncZod<{
  jobRuntime: JobRuntime;
  sessionResolver: SessionResolver;
}> = async (app, { jobRuntime, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);

  app.get(
    '/api/jobs/:id',
    { schema: { params: jobParams, response: { 200: jobSchema } } },
    async (request) => {
      const job = await jobRuntime.findOwned(userIdOf(request), request.params.id);
      if (!job) throw notFound('job_not_found');
      // The runtime read the results with the kind's own versioned schema; the response schema checks
      // that kind and results belong together.
      return {
        jobId: job.id,
        kind: job.kind,
        status: job.status,
        progress: job.progress,
        results: job.results,
        error: job.error,
      } as Job;
    },
  );
};
