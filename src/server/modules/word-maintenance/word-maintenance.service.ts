import type { ArticleRepair } from '../../../shared/api/word-maintenance';
import { stripLeadingArticle } from '../../../shared/text/duplicate-key';
import { AppError } from '../../http/app-error';
import { REGENERATE_RUSSIAN_AUDIO_JOB } from '../../jobs/regenerate-russian-audio.job';
import { REGENERATE_TRANSLATIONS_JOB } from '../../jobs/regenerate-translations.job';
import type { JobRuntime } from '../../jobs/job-runtime';
import { wordClassWithoutModel } from '../enrichment/word-analysis.step';
import type { UserProviders } from '../providers/user-providers';
import type { WordMaintenanceRepository } from './word-maintenance.repository';

/** The Settings screen's maintenance actions on the whole dictionary (docs/product/settings.md#api-tab). */
export function createWordMaintenanceService(deps: {
  maintenance: WordMaintenanceRepository;
  jobRuntime: JobRuntime;
  userProviders: UserProviders;
}) {
  const { maintenance, jobRuntime } = deps;

  return {
    async startTranslationFix(userId: string) {
      const { languageModel } = await deps.userProviders.forUser(userId);
      if (!languageModel) {
        throw new AppError('translation_fix_key_missing', 400);
      }
      // One fix at a time: a second start replaces the first rather than racing it over the same words.
      await jobRuntime.cancelUnfinished(userId, REGENERATE_TRANSLATIONS_JOB);
      const totalWords = await maintenance.countWords(userId);
      const jobId = await jobRuntime.start(userId, REGENERATE_TRANSLATIONS_JOB, {}, totalWords);
      return { jobId, summary: { totalWords } };
    },

    async stopTranslationFix(userId: string) {
      return { stopped: (await jobRuntime.cancelUnfinished(userId, REGENERATE_TRANSLATIONS_JOB)) > 0 };
    },

    async startRussianAudioRegeneration(userId: string) {
      await jobRuntime.cancelUnfinished(userId, REGENERATE_RUSSIAN_AUDIO_JOB);
      const totalWords = await maintenance.countWords(userId);
      const jobId = await jobRuntime.start(userId, REGENERATE_RUSSIAN_AUDIO_JOB, {}, totalWords);
      return { jobId, totalWords };
    },

    /**
     * The words an upload without a language model may have wrongly given an article, each once, with the
     * repair today's rules make (docs/product/dictionary.md#words-to-repair).
     */
    async listArticleRepairs(userId: string): Promise<{ words: ArticleRepair[] }> {
      const candidates = await maintenance.listArticledWithoutLevel(userId);
      return {
        words: candidates.flatMap((word) => {
          const repairedSpanish = stripLeadingArticle(word.spanish);
          const { partOfSpeech } = wordClassWithoutModel({ spanish: repairedSpanish, russian: word.russian });
          if (partOfSpeech === 'noun' || repairedSpanish === word.spanish.trim()) return [];
          return [{ ...word, repairedSpanish, repairedPartOfSpeech: partOfSpeech }];
        }),
      };
    },

    async refreshDerivedCounts(userId: string) {
      return { stats: await maintenance.recomputeDerivedCounts(userId) };
    },
  };
}
export type WordMaintenanceService = ReturnType<typeof createWordMaintenanceService>;
