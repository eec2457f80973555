import { JOB_KINDS } from '../../shared/api/jobs';
import { type TranslationFixResults, translationFixResultsSchema } from '../../shared/api/word-maintenance';
import { z } from 'zod';
import type { CodedError } from '../../shared/api/errors';
import type { UserProviders } from '../modules/providers/user-providers';
import type { WordMaintenanceRepository } from '../modules/word-maintenance/word-maintenance.repository';
import { ProviderError } from '../providers/provider-error';
import { chunksOf } from './dictionary-job';
import { jobData, noJobInput } from './job-data';
import { failureOf, isFatalFailure, JOB_ERROR_CODES, JobFailure } from '../http/job-failure';
import type { JobDefinition } from './job-runtime';

export const REGENERATE_TRANSLATIONS_JOB = JOB_KINDS.regenerateTranslations;
/** docs/product/jobs.md: up to 20 words per language-model request. */
const BATCH_SIZE = 20;

const answerSchema = z.object({
  translations: z.array(z.object({ spanish: z.string(), russian: z.string() })),
});

const SYSTEM_PROMPT = [
  'You are a Spanish–Russian lexicographer helping Russian speakers learn Spanish.',
  'For each Spanish word or phrase give the most natural, common Russian translation a dictionary for learners would give.',
  'Keep the current translation when it is already correct and natural. Keep the Spanish exactly as given.',
  'Translate a noun in the nominative singular, a verb in the infinitive, without the Spanish article.',
].join(' ');

const normalize = (text: string) =>
  text.trim().toLocaleLowerCase('ru').replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** Version 1 ended with a Russian sentence ("Готово: …" or "Остановлено: …"). */
const resultsV1Schema = z.object({
  totalWords: z.number().int(),
  regenerated: z.number().int(),
  failed: z.number().int(),
  message: z.string(),
});
const resultsData = jobData('translation fix results', resultsV1Schema).next(
  translationFixResultsSchema,
  ({ message, ...counts }) => ({ ...counts, isStopped: message.startsWith('Остановлено') }),
);

type WordText = Awaited<ReturnType<WordMaintenanceRepository['listTexts']>>[number];

/**
 * Settings → "качественные переводы" (docs/product/settings.md#translation-fix): re-translates every word
 * with the learner's language model, one unit per batch of 20 words, streaming each correction (old → new)
 * to the learner. Progress, errors and the summary travel as numbers and codes, never sentences.
 */
export function createRegenerateTranslationsJob(deps: {
  maintenance: WordMaintenanceRepository;
  userProviders: UserProviders;
}): JobDefinition<object, TranslationFixResults, TranslationFixResults, WordText[]> {
  return {
    kind: REGENERATE_TRANSLATIONS_JOB,
    input: noJobInput,
    // No checkpoint is saved: a restarted fix goes over the words again (a right word stays unchanged).
    checkpoint: resultsData,
    results: resultsData,
    async plan(context) {
      const { userId } = context;
      const { languageModel } = await deps.userProviders.forUser(userId);
      if (!languageModel) throw new JobFailure({ code: JOB_ERROR_CODES.translationFixKeyMissing });
      const wordList = await deps.maintenance.listTexts(userId);
      const total = wordList.length;
      let current = 0;
      let regenerated = 0;
      let failed = 0;
      const publishProgress = (currentWord: string | null) =>
        context.publish({
          type: 'translation_regeneration_progress',
          progress: { current, total, regenerated, failed, currentWord },
        });
      const publishError = (word: WordText, error: CodedError) =>
        context.publish({
          type: 'translation_regeneration_error',
          wordData: { spanish: word.spanish },
          error,
        });
      await publishProgress(null);

      const translate = async (batch: WordText[]) => {
        const { value } = await languageModel.completeJson({
          schemaName: 'translations',
          schema: answerSchema,
          system: SYSTEM_PROMPT,
          prompt: JSON.stringify(
            batch.map((word) => ({ spanish: word.spanish, currentTranslation: word.russian })),
          ),
          temperature: 0.2,
        });
        return new Map(value.translations.map((entry) => [entry.spanish.trim(), entry.russian.trim()]));
      };

      const applyProposal = async (word: WordText, proposal: string | undefined) => {
        current += 1;
        if (!proposal) {
          failed += 1;
          await publishError(word, { code: JOB_ERROR_CODES.translationNotInAnswer });
          return;
        }
        if (normalize(proposal) === normalize(word.russian)) return;
        await deps.maintenance.setRussian(userId, word.id, proposal);
        regenerated += 1;
        await context.publish({
          type: 'translation_regeneration_update',
          wordData: { spanish: word.spanish, oldTranslation: word.russian, newTranslation: proposal },
        });
      };

      return {
        units: chunksOf(wordList, BATCH_SIZE),
        unitsAtOnce: 1,
        async step(batch) {
          try {
            const proposals = await translate(batch);
            for (const word of batch) await applyProposal(word, proposals.get(word.spanish.trim()));
          } catch (error) {
            const failure = failureOf(error);
            // A wrong key or an empty account will not mend itself within this run: the job fails with it.
            if (!(error instanceof ProviderError) || isFatalFailure(failure)) throw error;
            for (const word of batch) {
              current += 1;
              failed += 1;
              await publishError(word, failure);
            }
          }
          const last = batch.at(-1)?.spanish ?? null;
          await publishProgress(last);
          await context.reportProgress({
            processed: current - failed,
            failed,
            stage: 'translations',
            currentWord: last,
          });
        },
        async finish({ isCancelled }) {
          const summary = { totalWords: total, regenerated, failed, isStopped: isCancelled };
          await context.publish({ type: 'translation_regeneration_complete', summary });
          return summary;
        },
      };
    },
  };
}
