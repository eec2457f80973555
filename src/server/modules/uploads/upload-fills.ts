import type { UploadFill } from '../../../shared/api/uploads';

/**
 * What the local rules filled (docs/product/upload.md#fills-without-a-model): an article the learner did not
 * type, and a part of speech the row did not bring — each with what the learner typed, for the report's undo.
 */
export function fillsWithoutModel(
  typed: string,
  saved: { spanish: string; partOfSpeech: string | null },
  given: { partOfSpeech?: string | null },
): UploadFill[] {
  const filled: UploadFill[] = [];
  if (saved.spanish !== typed) filled.push({ field: 'article', typed: typed.trim() });
  if (saved.partOfSpeech && !given.partOfSpeech) filled.push({ field: 'partOfSpeech', typed: null });
  return filled;
}
