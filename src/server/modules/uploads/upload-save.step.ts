import { MAX_DICTIONARY_WORDS, type UploadResults } from '../../../shared/api/uploads';
import { JOB_ERROR_CODES } from '../../jobs/job-failure';
import type { Limiter } from '../../lib/concurrency';
import type { UploadTally } from './upload-tally';
import type { NewWord, UploadsRepository } from './uploads.repository';

/**
 * Stage 10: a chunk's words in one transaction, with the checkpoint that records them, so a restart
 * never saves a word twice nor reports a saved word as its own duplicate. Words an import updates are
 * reported among the duplicates, as updated; a word another upload of the learner's saved meanwhile is
 * reported as already in the dictionary, never left out of the report; a word the dictionary has no room
 * for is an error of its line (docs/product/upload.md#dictionary-cap).
 */
export async function saveWords(
  deps: {
    uploads: Pick<UploadsRepository, 'saveChunk'>;
    userId: string;
    jobId: string;
    ownerInstanceId: string;
    /** The results as the job stores them, written with the words in one transaction. */
    encodeCheckpoint(results: UploadResults): unknown;
    /**
     * One chunk saved at a time: each save writes the checkpoint of every word saved so far, so two saves
     * in flight on two connections could each commit a list without the other's words.
     */
    saving: Limiter;
    tally: Pick<UploadTally, 'complete' | 'linesSaved' | 'lineFailed' | 'report'>;
  },
  results: UploadResults,
  inserted: ReadonlyArray<NewWord & { lineNumber: number }>,
  updated: ReadonlyArray<NewWord & { existingWordId: number }>,
): Promise<void> {
  const updateReports: UploadResults['duplicates'] = updated.map((word) => ({
    spanish: word.spanish,
    newRussian: word.russian || null,
    existingRussian: null,
    existingWordId: word.existingWordId,
    isActive: true,
    reason: { code: JOB_ERROR_CODES.wordUpdated },
  }));
  const outcome = { refusedCount: 0 };
  await deps.saving(async () => {
    let saved: UploadResults['words'] = [];
    let taken: UploadResults['duplicates'] = [];
    let refused: UploadResults['errors'] = [];
    const words = inserted.map(({ lineNumber: _line, ...word }) => word);
    await deps.uploads.saveChunk(deps.userId, words, {
      jobId: deps.jobId,
      ownerInstanceId: deps.ownerInstanceId,
      updates: updated,
      resultsAfter: ({ ids, existing, overCap }) => {
        refused = inserted.flatMap((word) =>
          overCap.has(word.duplicateKey)
            ? [
                {
                  lineNumber: word.lineNumber,
                  spanish: word.spanish,
                  stage: 'saving' as const,
                  code: JOB_ERROR_CODES.dictionaryFull,
                  params: { max: MAX_DICTIONARY_WORDS },
                },
              ]
            : [],
        );
        saved = inserted.flatMap((word) => {
          const id = ids.get(word.duplicateKey);
          if (id === undefined) return [];
          const { spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech } = word;
          return [{ id, spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech }];
        });
        taken = inserted.flatMap((word) => {
          const known = ids.has(word.duplicateKey) ? undefined : existing.get(word.duplicateKey);
          if (!known) return [];
          return [
            {
              spanish: word.spanish,
              newRussian: word.russian || null,
              existingRussian: known.russian,
              existingWordId: known.id,
              isActive: known.isActive,
              reason: { code: JOB_ERROR_CODES.wordExists },
            },
          ];
        });
        return deps.encodeCheckpoint({
          ...results,
          words: [...results.words, ...saved],
          duplicates: [...results.duplicates, ...updateReports, ...taken],
          errors: [...results.errors, ...refused],
        });
      },
    });
    results.words.push(...saved);
    results.duplicates.push(...updateReports, ...taken);
    results.errors.push(...refused);
    outcome.refusedCount = refused.length;
  });
  const count = inserted.length + updated.length - outcome.refusedCount;
  deps.tally.complete('saving', count);
  deps.tally.linesSaved(count);
  for (let line = 0; line < outcome.refusedCount; line += 1) deps.tally.lineFailed();
  await deps.tally.report('saving', (updated.at(-1) ?? inserted.at(-1))?.spanish ?? null);
}
