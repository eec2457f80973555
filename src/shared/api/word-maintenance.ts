import { z } from 'zod';
import { PARTS_OF_SPEECH } from '../catalogs/word-tags';

/**
 * Settings-side maintenance calls (docs/product/settings.md#api-tab); the long ones run as jobs reporting
 * over `/ws`.
 */
export const wordMaintenancePaths = {
  regenerateTranslations: '/api/words/regenerate-translations',
  stopTranslationFix: '/api/words/stop-translation-fix',
  forceCacheRefresh: '/api/words/force-cache-refresh',
  regenerateAllRussianAudio: '/api/words/regenerate-all-russian-audio',
  articleRepairs: '/api/words/article-repairs',
} as const;

/**
 * A stored word an earlier upload without a language model may have given a wrong article (el muy, la
 * nunca): its article, no CEFR level, and a bare spelling today's rules call no noun
 * (docs/product/dictionary.md#words-to-repair). The repair is an ordinary word edit to `repairedSpanish` and
 * `partOfSpeech`.
 */
export const articleRepairSchema = z.object({
  id: z.number().int(),
  spanish: z.string(),
  russian: z.string(),
  partOfSpeech: z.string().nullable(),
  repairedSpanish: z.string(),
  repairedPartOfSpeech: z.enum(PARTS_OF_SPEECH).nullable(),
});
export type ArticleRepair = z.infer<typeof articleRepairSchema>;
export const articleRepairsResponseSchema = z.object({ words: z.array(articleRepairSchema) });

export const regenerateTranslationsResponseSchema = z.object({
  jobId: z.string(),
  summary: z.object({ totalWords: z.number().int() }),
});

export const stopTranslationFixResponseSchema = z.object({ stopped: z.boolean() });

export const forceCacheRefreshResponseSchema = z.object({
  stats: z.object({
    totalWords: z.number().int(),
    activeWords: z.number().int(),
    learnedWords: z.number().int(),
    audiobookUsageUpdated: z.number().int(),
  }),
});

export const regenerateAllRussianAudioResponseSchema = z.object({
  jobId: z.string(),
  totalWords: z.number().int(),
});

/** What a finished translation fix keeps: its counts, and whether the learner stopped it. */
export const translationFixResultsSchema = z.object({
  totalWords: z.number().int(),
  regenerated: z.number().int(),
  failed: z.number().int(),
  isStopped: z.boolean(),
});
export type TranslationFixResults = z.infer<typeof translationFixResultsSchema>;

/** What a finished Russian audio regeneration keeps. */
export const russianAudioResultsSchema = z.object({
  totalWords: z.number().int(),
  regenerated: z.number().int(),
  failed: z.number().int(),
});
export type RussianAudioResults = z.infer<typeof russianAudioResultsSchema>;
