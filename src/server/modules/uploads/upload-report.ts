import type { CodedError } from '../../../shared/api/errors';
import {
  MAX_REPORTED_LINES,
  type UploadFallback,
  type UploadResults,
  type UploadStage,
} from '../../../shared/api/uploads';
import { failureOf, JOB_ERROR_CODES } from '../../http/job-failure';
import type { UploadEntry, UploadJobInput } from '../../../shared/api/jobs';
import { isCircuitOpen, type ProviderError } from '../../providers/provider-error';
import type { KeyedProviderName } from '../../providers/provider-set';

/** The stage whose work a provider's key would have done, for a report line about that key. */
const STAGE_OF_KEYED_PROVIDER: Readonly<Record<KeyedProviderName, UploadStage>> = {
  openai: 'analysis',
  elevenlabs: 'audio',
  leonardo: 'images',
};

type ListedLines = Pick<UploadResults, 'words' | 'duplicates' | 'errors'>;
const MORE_OF = { words: 'moreWords', duplicates: 'moreDuplicates', errors: 'moreErrors' } as const;

/**
 * Adds lines to a list of the report: up to `MAX_REPORTED_LINES` are listed, the rest counted
 * (docs/product/upload.md#results-report), so no report grows with a file of any size.
 */
export function addLines<K extends keyof ListedLines>(
  results: UploadResults,
  list: K,
  lines: ReadonlyArray<ListedLines[K][number]>,
  maxLines = MAX_REPORTED_LINES,
): void {
  const listed = results[list] as Array<ListedLines[K][number]>;
  const room = Math.max(0, maxLines - listed.length);
  listed.push(...lines.slice(0, room));
  results[MORE_OF[list]] += Math.max(0, lines.length - room);
}

/**
 * The lines of an upload's report (docs/product/upload.md#results-report) as its stages write them: errors
 * by line and stage, words saved with a built-in picture or voice because their provider failed, and
 * providers the upload stopped calling.
 */
export function createUploadReport(
  results: UploadResults,
  /** Told of every provider that failed a word (so Learn's on-demand clips pass over it for a while). */
  onProviderFailure: (error: ProviderError) => void,
) {
  /**
   * A provider the upload no longer calls (its circuit is open) is reported once for the whole upload,
   * not for every word it would have served.
   */
  function stoppedProvider(error: ProviderError) {
    if (results.stoppedProviders.some((stopped) => stopped.provider === error.provider)) return;
    results.stoppedProviders.push({ provider: error.provider });
  }

  return {
    /** The lines the upload could not read, and the keys it could not open, before any word is done. */
    firstLines(rejected: UploadJobInput['rejected'], unreadableKeys: readonly KeyedProviderName[]) {
      addLines(
        results,
        'errors',
        rejected.map((line) => ({
          lineNumber: line.lineNumber,
          spanish: null,
          stage: 'duplicates' as const,
          ...line.reason,
        })),
      );
      for (const provider of unreadableKeys) {
        results.errors.push({
          lineNumber: null,
          spanish: null,
          stage: STAGE_OF_KEYED_PROVIDER[provider],
          code: JOB_ERROR_CODES.keyUnreadable,
          params: { provider },
        });
      }
    },

    /** Lines a resumed run does again drop what the earlier run recorded against them: reported once. */
    forgetLines(lineNumbers: ReadonlySet<number>) {
      results.errors = results.errors.filter(
        (error) => error.lineNumber === null || !lineNumbers.has(error.lineNumber),
      );
      results.fallbacks = results.fallbacks.filter((fallback) => !lineNumbers.has(fallback.lineNumber));
    },

    error(entry: Pick<UploadEntry, 'lineNumber' | 'spanish'>, stage: UploadStage, failure: CodedError) {
      addLines(results, 'errors', [
        { lineNumber: entry.lineNumber, spanish: entry.spanish, stage, ...failure },
      ]);
    },

    duplicate(duplicate: UploadResults['duplicates'][number]) {
      addLines(results, 'duplicates', [duplicate]);
    },

    stoppedProvider,

    /** The word was saved with the built-in picture or voice (docs/product/providers.md#fallback). */
    fallback(
      entry: Pick<UploadEntry, 'lineNumber' | 'spanish'>,
      stage: UploadFallback['stage'],
      error: ProviderError,
    ) {
      onProviderFailure(error);
      if (isCircuitOpen(error)) {
        stoppedProvider(error);
        return;
      }
      const isReported = results.fallbacks.some(
        (fallback) => fallback.lineNumber === entry.lineNumber && fallback.stage === stage,
      );
      if (isReported) return;
      results.fallbacks.push({
        lineNumber: entry.lineNumber,
        spanish: entry.spanish,
        stage,
        ...failureOf(error),
      });
    },
  };
}
export type UploadReport = ReturnType<typeof createUploadReport>;
