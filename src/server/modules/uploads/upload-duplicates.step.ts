import type { UploadResults } from '../../../shared/api/uploads';
import { duplicateKeyOf } from '../../../shared/text/duplicate-key';
import { JOB_ERROR_CODES } from '../../http/job-failure';
import type { UploadEntry } from '../../../shared/api/jobs';
import { addLines } from './upload-report';
import type { UploadsRepository } from './uploads.repository';

/** An upload's entry with its duplicate key (docs/product/upload.md#duplicate-key). */
export interface PreparedEntry extends UploadEntry {
  duplicateKey: string;
}
/** An import's row for a word already in the dictionary, which the learner chose to update. */
export type WordUpdate = PreparedEntry & { existingWordId: number };

/**
 * Stage 1: duplicates against the dictionary and inside the upload (docs/product/upload.md#duplicate-key).
 * Answers the entries still to add, and those of words already there that an import updates; words an
 * interrupted earlier run saved or updated are neither.
 */
export async function findDuplicates(
  deps: {
    uploads: Pick<UploadsRepository, 'findByDuplicateKeys' | 'wordsOfJob'>;
    userId: string;
    jobId: string;
  },
  entries: readonly UploadEntry[],
  results: UploadResults,
  options: {
    /** An import's words already in the dictionary take its rows' fields, when the learner chose so. */
    updatesExisting: boolean;
    isResumed: boolean;
  },
): Promise<{ adds: PreparedEntry[]; updates: WordUpdate[] }> {
  // Words an interrupted earlier run saved: the job's own rows (and an earlier version's checkpoint's list).
  const savedKeys = new Set([
    ...results.words.map((word) => duplicateKeyOf(word.spanish)),
    ...(options.isResumed ? (await deps.uploads.wordsOfJob(deps.userId, deps.jobId)).words : []).map(
      (word) => word.duplicateKey,
    ),
  ]);
  // Words an earlier run of this import updated already: reported then, not updated twice.
  const updatedKeys = new Set(
    results.duplicates
      .filter((duplicate) => duplicate.reason.code === JOB_ERROR_CODES.wordUpdated)
      .map((duplicate) => duplicateKeyOf(duplicate.spanish)),
  );
  const prepared = entries.map((entry) => ({ ...entry, duplicateKey: duplicateKeyOf(entry.spanish) }));
  const existing = new Map(
    (
      await deps.uploads.findByDuplicateKeys(deps.userId, [
        ...new Set(prepared.map((entry) => entry.duplicateKey)),
      ])
    ).map((row) => [row.duplicateKey, row]),
  );
  const adds: PreparedEntry[] = [];
  const updates: WordUpdate[] = [];
  /** Earlier lines of this upload, by duplicate key, with their translation for the report. */
  const seen = new Map<string, string | null>();
  for (const entry of prepared) {
    if (savedKeys.has(entry.duplicateKey)) continue;
    const known = existing.get(entry.duplicateKey);
    if (known && options.updatesExisting && !seen.has(entry.duplicateKey)) {
      seen.set(entry.duplicateKey, entry.russian);
      if (!updatedKeys.has(entry.duplicateKey)) updates.push({ ...entry, existingWordId: known.id });
      continue;
    }
    if (known || seen.has(entry.duplicateKey)) {
      // The earlier run reported it already.
      if (!options.isResumed) {
        addLines(results, 'duplicates', [
          {
            spanish: entry.spanish,
            newRussian: entry.russian,
            existingRussian: known?.russian ?? seen.get(entry.duplicateKey) ?? null,
            existingWordId: known?.id ?? null,
            isActive: known?.isActive ?? true,
            reason: { code: known ? JOB_ERROR_CODES.wordExists : JOB_ERROR_CODES.wordRepeated },
          },
        ]);
      }
      continue;
    }
    seen.set(entry.duplicateKey, entry.russian);
    adds.push(entry);
  }
  return { adds, updates };
}
