import type { FastifyInstance } from 'fastify';
import type { JobStarter } from '../../lib/job-starter';
import type { MediaStore } from '../../media/media-store';
import type { ImageGenerator } from '../../providers/images';
import type { AreaContext } from '../area-context';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import { createAudiobookCreationRepository } from './audiobook-creation.repository';
import { audiobookCreationRoutes } from './audiobook-creation.routes';
import { createAudiobookCreationService } from './audiobook-creation.service';
import { createAudiobookGenresRepository } from './audiobook-genres.repository';
import { createAudiobookGenresService } from './audiobook-genres.service';
import { createAudiobookMaintenanceRepository } from './audiobook-maintenance.repository';
import { audiobookMaintenanceRoutes } from './audiobook-maintenance.routes';
import { createAudiobookMaintenanceService } from './audiobook-maintenance.service';
import { createAudiobookPlayerRepository } from './audiobook-player.repository';
import { audiobookPlayerRoutes } from './audiobook-player.routes';
import { createAudiobookPlayerService } from './audiobook-player.service';
import { createSentenceAudioService } from './audiobook-sentence-audio.service';
import { createAudiobooksRepository } from './audiobooks.repository';
import { audiobooksRoutes } from './audiobooks.routes';
import { createAudiobooksService } from './audiobooks.service';
import { createImageSeriesRepository } from './image-series.repository';
import { createImageSeriesService } from './image-series.service';
import { createStylePreviewsRepository } from './style-previews.repository';
import { createStylePreviewsService } from './style-previews.service';
import { createWordUsageRepository } from './word-usage.repository';

/**
 * Audiobooks: the library and genres, creation, the maintenance actions, the player with its illustration
 * series and the shared style previews. Returns the repositories and the sentence clips the audiobook jobs
 * work with.
 */
export async function registerAudiobooks(
  app: FastifyInstance,
  deps: AreaContext & {
    jobStarter: JobStarter;
    userProviders: UserProviders;
    settingsService: SettingsService;
    speechService: SpeechService;
    mediaStore: MediaStore;
    builtinImages: ImageGenerator;
  },
) {
  const { db, jobStarter, userProviders, settingsService, mediaStore, sessionResolver } = deps;
  const wordUsage = createWordUsageRepository(db);
  const books = createAudiobooksRepository(db);
  const creation = createAudiobookCreationRepository(db);
  const maintenance = createAudiobookMaintenanceRepository(db);
  const player = createAudiobookPlayerRepository(db);
  const series = createImageSeriesRepository(db);
  const sentenceAudio = createSentenceAudioService({
    books,
    speechService: deps.speechService,
    settingsService,
    userProviders,
  });
  const audiobooksService = createAudiobooksService({ books, wordUsage, jobStarter, sentenceAudio });
  const audiobookMaintenanceService = createAudiobookMaintenanceService({
    maintenance,
    creation,
    wordUsage,
    mediaStore,
    userProviders,
    jobStarter,
  });

  await app.register(audiobooksRoutes, {
    audiobooksService,
    audiobookGenresService: createAudiobookGenresService({ genres: createAudiobookGenresRepository(db) }),
    sessionResolver,
  });
  await app.register(audiobookMaintenanceRoutes, { audiobookMaintenanceService, sessionResolver });
  await app.register(audiobookCreationRoutes, {
    audiobookCreationService: createAudiobookCreationService({
      creation,
      books: audiobooksService,
      userProviders,
      jobStarter,
    }),
    sentenceAudioService: sentenceAudio,
    sessionResolver,
  });
  await app.register(audiobookPlayerRoutes, {
    audiobookPlayerService: createAudiobookPlayerService({
      books,
      player,
      series,
      sentenceAudio,
      userProviders,
      settingsService,
      mediaStore,
      jobStarter,
      maintenance: audiobookMaintenanceService,
      now: deps.now,
    }),
    imageSeriesService: createImageSeriesService({ books, series, userProviders, jobStarter }),
    stylePreviewsService: createStylePreviewsService({
      repository: createStylePreviewsRepository(db),
      builtinImages: deps.builtinImages,
      mediaStore,
    }),
    sessionResolver,
  });
  return { books, creation, maintenance, player, series, wordUsage, sentenceAudio };
}
