import type { CodedError } from '../../../shared/api/errors';
import type { UploadFallback, UploadResults, UploadStage } from '../../../shared/api/uploads';
import { failureOf, JOB_ERROR_CODES } from '../../jobs/job-failure';
import type { UploadEntry, UploadJobInput } from '../../jobs/upload-words.data';
import { isCircuitOpen, type ProviderError } from '../../providers/provider-error';
import type { KeyedProviderName } from '../../providers/provider-set';

/** The stage whose work a provider's key would have done, for a report line about that key. */
const STAGE_OF_KEYED_PROVIDER: Readonly<Record<KeyedProviderName, UploadStage>> = {
  openai: 'analysis',
  elevenlabs: 'audio',
  leonardo: 'images',
};

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
      for (const line of rejected) {
        results.errors.push({
          lineNumber: line.lineNumber,
          spanish: null,
          stage: 'duplicates',
          ...line.reason,
        });
      }
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
      results.errors.push({ lineNumber: entry.lineNumber, spanish: entry.spanish, stage, ...failure });
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
