import type { FastifyInstance } from 'fastify';
import type { DiskSpaceGuard } from '../../lib/disk-space';
import type { JobStarter } from '../../lib/job-starter';
import type { AreaContext } from '../area-context';
import type { SettingsService } from '../settings/settings.service';
import { createUploadsRepository } from './uploads.repository';
import { uploadsRoutes } from './uploads.routes';
import { createUploadsService } from './uploads.service';

/** Word uploads: a pasted list or a `.txt` started as the upload job, the learner's current upload. */
export async function registerUploads(
  app: FastifyInstance,
  deps: AreaContext & {
    jobStarter: JobStarter;
    settingsService: SettingsService;
    diskSpace: DiskSpaceGuard;
    countWords: (userId: string) => Promise<number>;
  },
) {
  const uploadsService = createUploadsService({
    jobStarter: deps.jobStarter,
    settingsService: deps.settingsService,
    countWords: deps.countWords,
  });
  await app.register(uploadsRoutes, {
    uploadsService,
    sessionResolver: deps.sessionResolver,
    diskSpace: deps.diskSpace,
  });
  return { uploadsRepository: createUploadsRepository(deps.db) };
}
