import { MAX_DICTIONARY_WORDS, MAX_REPORTED_LINES, type UploadResults } from '../../../shared/api/uploads';
import { JOB_ERROR_CODES } from '../../http/job-failure';
import type { Limiter } from '../../lib/concurrency';
import { addLines } from './upload-report';
import type { UploadTally } from './upload-tally';
import type { NewWord, UploadsRepository } from './uploads.repository';

/**
 * Stage 10: a chunk's words in one transaction, with the job's rows naming them and the checkpoint, so a
 * restart never saves a word twice nor reports a saved word as its own duplicate. Words an import updates are
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
  inserted: Parameters<UploadsRepository['saveChunk']>[1],
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
    let taken: UploadResults['duplicates'] = [];
    let refused: UploadResults['errors'] = [];
    await deps.uploads.saveChunk(deps.userId, inserted, {
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
        // The words saved are the job's own rows (uploads.repository.ts `wordsOfJob`), not the checkpoint's:
        // it stays as small as the report's other lines, however many words the job adds.
        const after = { ...results, duplicates: [...results.duplicates], errors: [...results.errors] };
        addLines(after, 'duplicates', [...updateReports, ...taken]);
        addLines(after, 'errors', refused);
        return deps.encodeCheckpoint(after);
      },
    });
    addLines(results, 'duplicates', [...updateReports, ...taken]);
    addLines(results, 'errors', refused);
    outcome.refusedCount = refused.length;
  });
  const count = inserted.length + updated.length - outcome.refusedCount;
  deps.tally.complete('saving', count);
  deps.tally.linesSaved(count);
  for (let line = 0; line < outcome.refusedCount; line += 1) deps.tally.lineFailed();
  await deps.tally.report('saving', (updated.at(-1) ?? inserted.at(-1))?.spanish ?? null);
}

/**
 * The report's words once the job is done (docs/product/upload.md#results-report): the job's own rows, in
 * their lines' order, the first `MAX_REPORTED_LINES` listed and the rest counted (with any an earlier
 * version's checkpoint listed itself). Read once, at the end.
 */
export async function addWordsOfJob(
  uploads: Pick<UploadsRepository, 'wordsOfJob'>,
  userId: string,
  jobId: string,
  results: UploadResults,
): Promise<void> {
  const listed = new Set(results.words.map((word) => word.id));
  const { words, total } = await uploads.wordsOfJob(userId, jobId, MAX_REPORTED_LINES);
  const fresh = words.flatMap(({ duplicateKey: _key, ...word }) => (listed.has(word.id) ? [] : [word]));
  addLines(results, 'words', fresh);
  results.moreWords += total - words.length;
}
