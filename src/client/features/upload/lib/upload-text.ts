import { MAX_UPLOAD_BYTES } from '../../../../shared/api/uploads';
import { duplicateKeyOf } from '../../../../shared/text/duplicate-key';
import { EMOJI } from '../../../../shared/text/spoken-text';
import type { UploadJob, UploadStage } from '../../../../shared/api/uploads';
import { parseWordLines, splitLines } from '../../../../shared/text/word-lines';

/** 1️⃣: removing only the emoji parts would leave a stray digit that reads as numbering or Spanish. */
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;

/**
 * docs/product/upload.md#upload-screen: emoji are stripped before sending. Line by line and nothing else, so
 * the line numbers the server reports in its errors are the lines the learner sees, and tabs (a separator)
 * survive.
 */
export function stripEmojiFromText(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) =>
      line
        .replace(KEYCAP, '')
        .replace(EMOJI, '')
        .replace(/^[ \t]+|[ \t]+$/g, ''),
    )
    .join('\n');
}

/** The button's rule (docs/product/upload.md#upload-screen): nothing but whitespace is not a submission. */
export function hasText(text: string): boolean {
  return text.trim().length > 0;
}

/** Lines that carry something once emoji are gone: what the learner will see counted. */
export function countWordLines(text: string): number {
  return stripEmojiFromText(text)
    .split('\n')
    .filter((line) => line.trim().length > 0).length;
}

export interface ParsedWordLine {
  spanish: string;
  russian: string | null;
}

/**
 * One line as the server will read it (the shared parser), only to show the translation of the word being
 * processed. A line that is not a word (Cyrillic only, Russian first, blank) is null.
 */
export function parseWordLine(rawLine: string): ParsedWordLine | null {
  const [entry] = parseWordLines(rawLine).entries;
  return entry ? { spanish: entry.spanish, russian: entry.russian } : null;
}

/** The server's duplicate key (docs/product/upload.md#duplicate-key): "el perro" and "perro" are one word. */
export const wordLookupKey = duplicateKeyOf;

export type TranslationLookup = ReadonlyMap<string, string>;

export function buildTranslationLookup(pairs: Iterable<ParsedWordLine>): TranslationLookup {
  const lookup = new Map<string, string>();
  for (const { spanish, russian } of pairs) {
    const key = wordLookupKey(spanish);
    // The first line wins, as in the upload itself: later copies are skipped as duplicates.
    if (russian && key && !lookup.has(key)) lookup.set(key, russian);
  }
  return lookup;
}

export function translationLookupFromText(text: string): TranslationLookup {
  return buildTranslationLookup(
    text
      .split(/\r?\n/)
      .map(parseWordLine)
      .filter((line) => line !== null),
  );
}

export function lookupTranslation(lookup: TranslationLookup, word: string | null): string | null {
  if (!word) return null;
  return lookup.get(wordLookupKey(word)) ?? null;
}

export type FileProblem = 'tooLarge' | 'wrongType';

const TEXT_FILE_NAME = /\.txt$/i;

/** Checked before sending: a file over 1 MB would only come back as a 413 after the whole upload. */
export function checkUploadFile(file: { name: string; size: number; type: string }): FileProblem | null {
  const isText = file.type === 'text/plain' || TEXT_FILE_NAME.test(file.name);
  if (!isText) return 'wrongType';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  return null;
}

/** Sizes as the learner reads them in the file hint ('512 КБ', '1,2 МБ'), in the interface's locale. */
export function formatFileSize(bytes: number, locale: string): { value: string; unit: 'B' | 'KB' | 'MB' } {
  const format = (value: number) => value.toLocaleString(locale, { maximumFractionDigits: 1 });
  if (bytes < 1024) return { value: format(bytes), unit: 'B' };
  if (bytes < 1024 * 1024) return { value: format(bytes / 1024), unit: 'KB' };
  return { value: format(bytes / (1024 * 1024)), unit: 'MB' };
}

/** The stages whose error means the line's word was not saved; other stages' errors leave a saved word. */
const LINE_FAILING_STAGES: ReadonlySet<UploadStage> = new Set(['duplicates', 'translation', 'saving']);

/**
 * The lines of the learner's text an upload did not add, to go back in the text box
 * (docs/product/upload.md#lines-not-added): those a completed job failed, by the line numbers its report
 * names; every line when the job did not complete, since its report cannot tell which lines it reached.
 * Lines the dictionary already had are not among them.
 */
export function linesNotAdded(text: string, job: Pick<UploadJob, 'status' | 'results'>): string {
  const lines = splitLines(text);
  if (job.status !== 'completed') return lines.filter((line) => hasText(line)).join('\n');
  const failed = new Set(
    (job.results?.errors ?? []).flatMap((error) =>
      error.lineNumber !== null && LINE_FAILING_STAGES.has(error.stage) ? [error.lineNumber] : [],
    ),
  );
  return lines.filter((line, index) => failed.has(index + 1) && hasText(line)).join('\n');
}
