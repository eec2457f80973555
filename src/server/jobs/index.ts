import type { FastifyBaseLogger } from 'fastify';
import type { MediaStore } from '../media/media-store';
import type { registerAudiobooks } from '../modules/audiobooks';
import type { DictionaryRepository } from '../modules/dictionary/dictionary.repository';
import { createMissingClips } from '../modules/enrichment/missing-clips.step';
import type { LearnRepository } from '../modules/learn/learn.repository';
import type { ProviderPauses } from '../modules/providers/provider-pauses';
import type { UserProviders } from '../modules/providers/user-providers';
import type { ReviewService } from '../modules/review/review.service';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import type { BackupRepository } from '../modules/transfer/backup.repository';
import type { TransferRepository } from '../modules/transfer/transfer.repository';
import type { TransferService } from '../modules/transfer/transfer.service';
import type { UploadsRepository } from '../modules/uploads/uploads.repository';
import type { WordMaintenanceRepository } from '../modules/word-maintenance/word-maintenance.repository';
import type { WordsService } from '../modules/words/words.service';
import type { FetchFunction } from '../providers/http/provider-fetch';
import { BUILTIN_CLIPS_JOB, createBuiltinClipsJob } from './builtin-clips.job';
import { createClearExpiredImagesJob } from './clear-expired-images.job';
import { createCreateAudiobookJob } from './create-audiobook.job';
import { createExportBackupJob } from './export-backup.job';
import { createExportWordsJob } from './export-words.job';
import { createGenerateAudiobookAudioJob } from './generate-audiobook-audio.job';
import { createGenerateImageSeriesJob } from './generate-image-series.job';
import type { AnyJobDefinition, JobRuntime } from './job-runtime';
import { createRegenerateAllPhrasesJob } from './regenerate-all-phrases.job';
import { createRegenerateRussianAudioJob } from './regenerate-russian-audio.job';
import { createRegenerateTranslationsJob } from './regenerate-translations.job';
import { createRestoreBackupJob } from './restore-backup.job';
import { createRevoiceAudiobookJob } from './revoice-audiobook.job';
import { createUpdateTagsJob } from './update-tags.job';
import { createUploadWordsJob } from './upload-words.job';
import { createValidateAudiobookLogicJob } from './validate-audiobook-logic.job';
import { createGenerateMissingImagesJob, createRegenerateAllImagesJob } from './word-pictures.job';

/** What the jobs work with: the services and repositories the areas expose, and the app's shared parts. */
export interface JobsDeps {
  log: FastifyBaseLogger;
  now?: () => Date;
  mediaStore: MediaStore;
  /** Where a picture link is checked: under the address policy of learners' own endpoints. */
  fetch: FetchFunction;
  providerPauses: ProviderPauses;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  wordsService: WordsService;
  reviewService: ReviewService;
  learnRepository: LearnRepository;
  uploadsRepository: UploadsRepository;
  dictionaryRepository: DictionaryRepository;
  maintenance: WordMaintenanceRepository;
  transferService: TransferService;
  transferRepository: TransferRepository;
  backupRepository: BackupRepository;
  audiobooks: Awaited<ReturnType<typeof registerAudiobooks>>;
  /** Job kinds besides the app's own: tests define kinds whose units they hold or break. */
  extraJobs?: readonly AnyJobDefinition[];
}

/** Every kind of job the app runs, defined on its one runtime (docs/product/jobs.md#kinds). */
export async function registerJobs(jobRuntime: JobRuntime, deps: JobsDeps): Promise<void> {
  const { mediaStore, userProviders, settingsService, speechService, transferService } = deps;
  const missingClipsDeps = {
    learn: deps.learnRepository,
    speechService,
    settingsService,
    providerPauses: deps.providerPauses,
    userProviders,
    log: deps.log,
  };
  // The words are saved by then: a clips job that cannot be queued must not fail their upload. Learn
  // still makes each card's clips on demand.
  const queueBuiltinClips = async (userId: string) => {
    try {
      return await jobRuntime.startOnce(userId, BUILTIN_CLIPS_JOB, {}, 0);
    } catch (error) {
      deps.log.error({ err: error, userId }, 'the built-in clips job could not be queued');
      return null;
    }
  };
  const dictionary = deps.dictionaryRepository;
  const pictureJobDeps = { dictionary, userProviders, settingsService, mediaStore };
  const { books, creation, wordUsage, sentenceAudio } = deps.audiobooks;

  const definitions: AnyJobDefinition[] = [
    createBuiltinClipsJob(missingClipsDeps),
    createRegenerateTranslationsJob({ maintenance: deps.maintenance, userProviders }),
    createRegenerateRussianAudioJob({ maintenance: deps.maintenance, speechService, settingsService }),
    createUploadWordsJob({
      uploads: deps.uploadsRepository,
      userProviders,
      settingsService,
      speechService,
      mediaStore,
      queueBuiltinClips,
      providerPauses: deps.providerPauses,
      importFiles: {
        readEntries: (userId, fileId, rows) => transferService.readImportEntries(userId, fileId, rows),
        openMedia: (userId, fileId, names) => transferService.openImportMedia(userId, fileId, names),
        discard: (userId, fileId) => transferService.discardImport(userId, fileId),
      },
    }),
    createRegenerateAllPhrasesJob({ dictionary, userProviders, settingsService, speechService }),
    createClearExpiredImagesJob({ dictionary, mediaStore, fetch: deps.fetch }),
    createRegenerateAllImagesJob(pictureJobDeps),
    createGenerateMissingImagesJob(pictureJobDeps),
    createUpdateTagsJob({ dictionary, userProviders, settingsService }),
    // The Anki export makes a word's missing clips as Learn and the clips job do (docs/product/transfer.md#anki-packages).
    createExportWordsJob({
      transfer: deps.transferRepository,
      mediaStore,
      missingClips: createMissingClips(missingClipsDeps),
      now: deps.now,
    }),
    createExportBackupJob({
      transfer: deps.transferRepository,
      backup: deps.backupRepository,
      mediaStore,
      now: deps.now,
    }),
    createRestoreBackupJob({
      backup: deps.backupRepository,
      mediaStore,
      openBackup: (userId, fileId) => transferService.openBackup(userId, fileId),
      discardImport: (userId, fileId) => transferService.discardImport(userId, fileId),
      restoreSettings: (userId, row) => settingsService.restore(userId, row),
    }),
    createCreateAudiobookJob({
      creation,
      wordUsage,
      userProviders,
      settingsService,
      speechService,
      mediaStore,
      // Both schedules' due words come first: Learn's spaced repetition, then review's.
      dueWordIds: async (userId) => [
        ...(await deps.wordsService.listDueForSpacedRepetition(userId)).map((word) => word.id),
        ...(await deps.reviewService.dueWordIds(userId)),
      ],
    }),
    createValidateAudiobookLogicJob({ maintenance: deps.audiobooks.maintenance, creation, userProviders }),
    createGenerateImageSeriesJob({
      series: deps.audiobooks.series,
      userProviders,
      settingsService,
      mediaStore,
    }),
    createGenerateAudiobookAudioJob({ books, player: deps.audiobooks.player, sentenceAudio }),
    createRevoiceAudiobookJob({ books, sentenceAudio }),
    ...(deps.extraJobs ?? []),
  ];
  for (const definition of definitions) await jobRuntime.define(definition);
}
