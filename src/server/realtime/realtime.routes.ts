import type { FastifyPluginAsync } from 'fastify';
import { clientMessageSchema, REALTIME_PATH } from '../../shared/realtime';
import { type SessionResolver, userIdOf } from '../auth/session-cookie';
import type { JobStarter } from '../lib/job-starter';
import type { RealtimeHub } from './realtime-hub';

/**
 * `/ws` (docs/product/jobs.md#socket): authenticated by the session cookie before the upgrade, so a
 * signed-out visitor never gets a socket. A learner may subscribe only to their own jobs.
 */
// Needs @fastify/websocket registered on the root instance (http/core-plugins.ts), where tests can also inject sockets.
export const realtimeRoutes: FastifyPluginAsync<{
  hub: RealtimeHub;
  /** Only to read a job the socket subscribes to: the realtime hub depends on no job code. */
  jobRuntime: Pick<JobStarter, 'findOwned'>;
  sessionResolver: SessionResolver;
}> = async (app, { hub, jobRuntime, sessionResolver }) => {
  app.get(
    REALTIME_PATH,
    { websocket: true, preValidation: sessionResolver.requireUser },
    (socket, request) => {
      const userId = userIdOf(request);
      const detach = hub.attach(userId, socket);
      socket.on('close', detach);
      hub.reply(socket, { type: 'connected', userId });

      socket.on('message', (raw: Buffer) => {
        let json: unknown;
        try {
          json = JSON.parse(raw.toString('utf8'));
        } catch {
          hub.reply(socket, { type: 'error', message: 'Invalid message' });
          return;
        }
        const parsed = clientMessageSchema.safeParse(json);
        if (!parsed.success) {
          hub.reply(socket, { type: 'error', message: 'Unknown message' });
          return;
        }
        const message = parsed.data;
        switch (message.type) {
          case 'ping':
            hub.reply(socket, { type: 'pong' });
            return;
          case 'subscribe':
            void jobRuntime
              .findOwned(userId, message.jobId)
              .then((job) =>
                hub.reply(
                  socket,
                  job
                    ? { type: 'jobStatus', jobId: job.id, status: job.status }
                    : { type: 'error', jobId: message.jobId, message: 'Job not found' },
                ),
              )
              .catch(() =>
                hub.reply(socket, { type: 'error', jobId: message.jobId, message: 'Job not found' }),
              );
            return;
        }
      });
    },
  );
};
