import { z } from 'zod';
import type { JobDefinition } from '../modules/jobs/jobs.service';
import type { UserProviders } from '../modules/providers/user-providers';
import type { WordMaintenanceRepository } from '../modules/word-maintenance/word-maintenance.repository';
import { describeProviderError, ProviderError } from '../providers/provider-error';

export const REGENERATE_TRANSLATIONS_JOB = 'regenerate-translations';
/** DESIGN §4: up to 20 words per language-model request. */
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

/**
 * Settings → "качественные переводы" (spec part 2 §4, DESIGN §4): re-translates every word with the
 * learner's language model, streaming each correction (old → new) to the learner.
 */
export function createRegenerateTranslationsJob(deps: {
  maintenance: WordMaintenanceRepository;
  userProviders: UserProviders;
}): JobDefinition<Record<string, never>> {
  return {
    kind: REGENERATE_TRANSLATIONS_JOB,
    async run(context) {
      const { userId } = context;
      const { languageModel } = await deps.userProviders.forUser(userId);
      const wordList = await deps.maintenance.listTexts(userId);
      const total = wordList.length;
      let current = 0;
      let regenerated = 0;
      let failed = 0;
      const progressMessage = (currentWord: string | null, message: string) =>
        context.publish({
          type: 'translation_regeneration_progress',
          progress: { current, total, regenerated, failed, currentWord, message },
        });

      if (!languageModel) throw new Error('Нет ключа OpenAI: добавьте его на вкладке API.');
      await progressMessage(null, 'Создаём качественные переводы…');

      for (let start = 0; start < total; start += BATCH_SIZE) {
        if (await context.isCancelled()) break;
        const batch = wordList.slice(start, start + BATCH_SIZE);
        try {
          const { value } = await languageModel.completeJson({
            schemaName: 'translations',
            schema: answerSchema,
            system: SYSTEM_PROMPT,
            prompt: JSON.stringify(
              batch.map((word) => ({ spanish: word.spanish, currentTranslation: word.russian })),
            ),
            temperature: 0.2,
          });
          const bySpanish = new Map(
            value.translations.map((entry) => [entry.spanish.trim(), entry.russian.trim()]),
          );
          for (const word of batch) {
            current += 1;
            const proposal = bySpanish.get(word.spanish.trim());
            if (!proposal) {
              failed += 1;
              await context.publish({
                type: 'translation_regeneration_error',
                wordData: { spanish: word.spanish },
                error: 'Нет перевода в ответе модели',
              });
              continue;
            }
            if (normalize(proposal) !== normalize(word.russian)) {
              await deps.maintenance.setRussian(userId, word.id, proposal);
              regenerated += 1;
              await context.publish({
                type: 'translation_regeneration_update',
                wordData: { spanish: word.spanish, oldTranslation: word.russian, newTranslation: proposal },
              });
            }
          }
        } catch (error) {
          if (!(error instanceof ProviderError)) throw error;
          // A wrong key or an empty account will not mend itself within this run.
          if (error.code === 'provider_invalid_key' || error.code === 'provider_quota_exhausted') throw error;
          const reason = describeProviderError(error).message;
          for (const word of batch) {
            current += 1;
            failed += 1;
            await context.publish({
              type: 'translation_regeneration_error',
              wordData: { spanish: word.spanish },
              error: reason,
            });
          }
        }
        const last = batch.at(-1)?.spanish ?? null;
        await progressMessage(last, `Обработано ${current} из ${total}`);
        await context.reportProgress({
          processed: current - failed,
          failed,
          stage: 'translations',
          currentWord: last,
        });
      }

      const summary = {
        totalWords: total,
        regenerated,
        failed,
        message: (await context.isCancelled())
          ? `Остановлено: исправлено ${regenerated} из ${total}`
          : `Готово: исправлено ${regenerated} из ${total}`,
      };
      await context.publish({ type: 'translation_regeneration_complete', summary });
      return summary;
    },
  };
}
