import type { UploadImageStyleKey } from '../../../../shared/catalogs/image-styles';
import { z } from 'zod';
import type { CodedError } from '../../../../shared/api/errors';
import { type UploadJob, type UploadResults, uploadResultsSchema } from '../../../../shared/api/uploads';
import type { JobSnapshot } from '../../../lib/jobs/job-state';
import { isUploadStage } from './upload-stages';

/**
 * The followed job (src/client/lib/jobs) as the upload screen reads it: only the ten known stages, and
 * the results parsed with the upload's own schema (null until the job has ended with them).
 */
export function uploadJobOf(snapshot: JobSnapshot): UploadJob {
  const results = uploadResultsSchema.safeParse(snapshot.results);
  return {
    jobId: snapshot.jobId,
    status: snapshot.status,
    progress: {
      ...snapshot.progress,
      stages: (snapshot.progress.stages ?? []).flatMap((stage) =>
        isUploadStage(stage.name) ? [{ ...stage, name: stage.name }] : [],
      ),
    },
    results: results.success ? results.data : null,
    error: snapshot.error,
  };
}

// The bar, the percent and the word index follow the one rule every job screen shares.
export {
  itemsDone as wordsDone,
  jobCurrentIndex,
  jobDoneCount,
  jobPercent,
} from '../../../lib/jobs/job-progress';

/**
 * What the learner chose for one upload; undefined leaves a choice to their setting (`autoGenerateImages`,
 * `defaultImageStyle`: docs/product/upload.md#picture-style).
 */
export interface UploadChoices {
  generateImages: boolean | undefined;
  imageStyle: UploadImageStyleKey | undefined;
}

/** Milliseconds to whole minutes and seconds, rounded up to 5 s so the estimate does not flicker. */
export function splitRemaining(ms: number | null): { minutes: number; seconds: number } | null {
  if (ms === null || !Number.isFinite(ms) || ms <= 0) return null;
  const totalSeconds = Math.ceil(ms / 5000) * 5;
  return { minutes: Math.floor(totalSeconds / 60), seconds: totalSeconds % 60 };
}

export interface UploadSummary {
  added: number;
  duplicates: number;
  activeDuplicates: number;
  inactiveDuplicates: number;
  errors: number;
  /**
   * The completion message turns destructive when nothing was added (docs/product/upload.md#upload-screen).
   */
  isNothingAdded: boolean;
}

export function summarizeResults(results: UploadResults | null): UploadSummary {
  const words = results?.words ?? [];
  const duplicates = results?.duplicates ?? [];
  // Of the duplicates a long report only counts, whether each is active is not known: they count as active.
  const inactiveDuplicates = duplicates.filter((duplicate) => !duplicate.isActive).length;
  const duplicateCount = duplicates.length + (results?.moreDuplicates ?? 0);
  return {
    added: words.length + (results?.moreWords ?? 0),
    duplicates: duplicateCount,
    activeDuplicates: duplicateCount - inactiveDuplicates,
    inactiveDuplicates,
    errors: (results?.errors.length ?? 0) + (results?.moreErrors ?? 0),
    isNothingAdded: words.length === 0,
  };
}

/**
 * The word a report row names: its Spanish, or for a line whose bytes did not read (nothing of it was
 * read as a word) the line itself, U+FFFD where those bytes were (docs/product/upload.md#file-encodings);
 * null for neither.
 */
export function reportedWordOf(row: CodedError & { spanish: string | null }): string | null {
  if (row.spanish !== null) return row.spanish;
  const line = row.params?.line;
  return typeof line === 'string' ? line : null;
}

/** What is kept in localStorage about the watched job. */
const storedUploadJobSchema = z.object({ jobId: z.string().min(1), hasNotified: z.boolean() });
export type StoredUploadJob = z.infer<typeof storedUploadJobSchema>;

export function parseStoredUploadJob(raw: string | null): StoredUploadJob | null {
  if (!raw) return null;
  try {
    const parsed = storedUploadJobSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface WordStats {
  total: number;
  hidden: number;
  studying: number;
  listened: number;
}

/**
 * The statistics block: hidden means isActive false (docs/product/dictionary.md#hidden-words); listened sums
 * the listen counts.
 */
export function wordStats(words: readonly { isActive: boolean; listenCount: number }[]): WordStats {
  let hidden = 0;
  let listened = 0;
  for (const word of words) {
    if (!word.isActive) hidden += 1;
    listened += Math.max(0, word.listenCount);
  }
  return { total: words.length, hidden, studying: words.length - hidden, listened };
}

/** Long result lists grow by this many rows per "show more", so a 5,000-line upload never renders at once. */
export const RESULT_PAGE_SIZE = 50;

export function nextVisibleCount(visible: number, total: number, pageSize = RESULT_PAGE_SIZE): number {
  return Math.min(total, visible + pageSize);
}

/**
 * The upload the screen shows (docs/product/upload.md#the-upload-comes-back): one this tab just started until
 * the server's answer names it; else the server's running or last finished upload, unless this tab closed
 * that one; else the one closed here, whose results stay on the page.
 */
export function followedUploadId(ids: {
  startedId: string | null;
  currentId: string | null;
  closedId: string | null;
}): string | null {
  if (ids.startedId !== null) return ids.startedId;
  if (ids.currentId !== null && ids.currentId !== ids.closedId) return ids.currentId;
  return ids.closedId;
}
