import type { ArticleRepair } from '../../../shared/api/word-maintenance';
import { stripLeadingArticle } from '../../../shared/text/duplicate-key';
import { AppError } from '../../http/app-error';
import { JOB_KINDS } from '../../../shared/api/jobs';
import type { JobStarter } from '../../lib/job-starter';
import { wordClassWithoutModel } from '../enrichment/word-analysis.step';
import type { UserProviders } from '../providers/user-providers';
import type { WordMaintenanceRepository } from './word-maintenance.repository';

/** The Settings screen's maintenance actions on the whole dictionary (docs/product/settings.md#api-tab). */
export function createWordMaintenanceService(deps: {
  maintenance: WordMaintenanceRepository;
  jobStarter: JobStarter;
  userProviders: UserProviders;
}) {
  const { maintenance, jobStarter } = deps;

  return {
    async startTranslationFix(userId: string) {
      const { languageModel } = await deps.userProviders.forUser(userId);
      if (!languageModel) {
        throw new AppError('translation_fix_key_missing', 400);
      }
      // One fix at a time: a second start replaces the first rather than racing it over the same words.
      await jobStarter.cancelUnfinished(userId, JOB_KINDS.regenerateTranslations);
      const totalWords = await maintenance.countWords(userId);
      const jobId = await jobStarter.start(userId, JOB_KINDS.regenerateTranslations, {}, totalWords);
      return { jobId, summary: { totalWords } };
    },

    async stopTranslationFix(userId: string) {
      return { stopped: (await jobStarter.cancelUnfinished(userId, JOB_KINDS.regenerateTranslations)) > 0 };
    },

    async startRussianAudioRegeneration(userId: string) {
      await jobStarter.cancelUnfinished(userId, JOB_KINDS.regenerateAllRussianAudio);
      const totalWords = await maintenance.countWords(userId);
      const jobId = await jobStarter.start(userId, JOB_KINDS.regenerateAllRussianAudio, {}, totalWords);
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
