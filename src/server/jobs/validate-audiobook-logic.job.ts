import { z } from 'zod';
import { JOB_KINDS } from '../../shared/api/jobs';
import { type ValidateLogicResults, validateLogicResultsSchema } from '../../shared/api/audiobook-jobs';
import type { AudiobookCreationRepository } from '../modules/audiobooks/audiobook-creation.repository';
import type { AudiobookMaintenanceRepository } from '../modules/audiobooks/audiobook-maintenance.repository';
import type { UserProviders } from '../modules/providers/user-providers';
import { isProviderError } from '../providers/provider-error';
import { jobData, noJobInput } from './job-data';
import { JOB_ERROR_CODES, JobFailure } from '../http/job-failure';
import type { JobDefinition } from './job-runtime';

/**
 * Library → validate logic (docs/product/audiobooks.md#maintenance): the language model reads each book
 * and names the sentences that contradict the story, with a corrected Spanish and Russian; the corrections
 * replace those sentences (their clips go, made again on demand). A book the model could not check is
 * counted apart and the job goes on.
 */

const checkpointSchema = validateLogicResultsSchema.extend({ doneBookIds: z.array(z.number().int()) });
type Checkpoint = z.infer<typeof checkpointSchema>;

const answerSchema = z.object({
  errors: z
    .array(
      z.object({
        orderIndex: z.number().int(),
        problem: z.string().max(2000),
        spanish: z.string().max(2000),
        russian: z.string().max(2000),
      }),
    )
    .max(200),
});

const SYSTEM = [
  'You edit graded Spanish stories for learners. Find sentences that contradict the rest of the story',
  '(names, facts, time, who did what). For each, give its orderIndex, the problem in English, and a',
  'corrected Spanish sentence with its Russian translation. Answer an empty list when the story is consistent.',
].join(' ');

export function createValidateAudiobookLogicJob(deps: {
  maintenance: AudiobookMaintenanceRepository;
  creation: Pick<AudiobookCreationRepository, 'sentences'>;
  userProviders: UserProviders;
}): JobDefinition<object, Checkpoint, ValidateLogicResults, number> {
  return {
    kind: JOB_KINDS.validateAudiobookLogic,
    input: noJobInput,
    checkpoint: jobData('logic validation checkpoint', checkpointSchema),
    results: jobData('logic validation results', validateLogicResultsSchema),
    async plan(context) {
      const { userId } = context;
      const languageModel = (await deps.userProviders.forUser(userId)).languageModel;
      if (!languageModel) throw new JobFailure({ code: JOB_ERROR_CODES.audiobookLanguageModelMissing });
      const books = (await deps.maintenance.books(userId)).filter((book) => book.status === 'ready');
      const state: Checkpoint = context.checkpoint ?? {
        statistics: { errorsFound: 0, errorsFixed: 0 },
        failedBooks: 0,
        doneBookIds: [],
      };
      const done = new Set(state.doneBookIds);
      const report = () =>
        context.reportProgress(
          {
            total: books.length,
            processed: state.doneBookIds.length,
            failed: state.failedBooks,
            stage: 'validateLogic',
          },
          () => structuredClone(state),
        );
      await report();
      return {
        units: books.filter((book) => !done.has(book.id)).map((book) => book.id),
        unitsAtOnce: 2,
        async step(bookId) {
          const sentences = await deps.creation.sentences(userId, bookId);
          try {
            const answer = await languageModel.completeJson({
              schemaName: 'audiobook_logic_check',
              schema: answerSchema,
              system: SYSTEM,
              prompt: JSON.stringify(
                sentences.map((sentence) => ({
                  orderIndex: sentence.orderIndex,
                  spanish: sentence.spanish,
                  russian: sentence.russian,
                })),
              ),
              temperature: 0.2,
            });
            const byIndex = new Map(sentences.map((sentence) => [sentence.orderIndex, sentence]));
            for (const error of answer.value.errors) {
              const sentence = byIndex.get(error.orderIndex);
              if (!sentence) continue;
              state.statistics.errorsFound += 1;
              const spanish = error.spanish.replaceAll('**', '').trim();
              const russian = error.russian.replaceAll('**', '').trim();
              const isChange =
                spanish !== '' &&
                russian !== '' &&
                (spanish !== sentence.spanish || russian !== sentence.russian);
              if (
                isChange &&
                (await deps.maintenance.correctSentence(userId, bookId, error.orderIndex, {
                  spanish,
                  russian,
                }))
              ) {
                state.statistics.errorsFixed += 1;
              }
            }
          } catch (error) {
            if (!isProviderError(error)) throw error;
            state.failedBooks += 1;
          }
          state.doneBookIds.push(bookId);
          await report();
        },
        async finish() {
          const { doneBookIds: _done, ...results } = state;
          return results;
        },
      };
    },
  };
}
