import { DICTIONARY_JOB_KINDS, type DictionaryJobKind } from '../../../shared/api/dictionary';
import {
  MAX_DICTIONARY_WORDS,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_LINES,
  type UploadResults,
} from '../../../shared/api/uploads';
import { type CurrentUpload, JOB_KINDS, type UploadJobInput } from '../../../shared/api/jobs';
import { withoutControlCharacters } from '../../../shared/text/control-characters';
import {
  type DecodedTextFile,
  decodeTextFile,
  holdsReplacedBytes,
} from '../../../shared/text/decode-text-file';
import { parseWordLines } from '../../../shared/text/word-lines';
import { AppError, notFound } from '../../http/app-error';
import { type RejectedLineReason, rejectedLineFailure } from '../../http/job-failure';
import type { JobStarter } from '../../lib/job-starter';
import type { SettingsService } from '../settings/settings.service';
import { dictionaryFull } from '../words/dictionary-room';

export interface UploadOptions {
  enhanceWithAI: boolean;
  /** Absent: the learner's `autoGenerateImages` setting decides (docs/product/upload.md#upload-screen). */
  generateImages?: boolean | undefined;
  imageStyle?: string | null | undefined;
}

const DICTIONARY_KINDS: readonly string[] = Object.values(DICTIONARY_JOB_KINDS);
const isDictionaryKind = (kind: string): kind is DictionaryJobKind => DICTIONARY_KINDS.includes(kind);

const tooLong = () => new AppError('too_many_lines', 400, { max: MAX_UPLOAD_LINES });

/**
 * Word uploads (docs/product/upload.md#upload-screen, docs/product/upload.md#stages): parse, then hand the
 * work to a job.
 */
export function createUploadsService(deps: {
  jobStarter: JobStarter;
  settingsService: Pick<SettingsService, 'get'>;
  /** The learner's words, against the dictionary cap (docs/product/upload.md#dictionary-cap). */
  countWords(userId: string): Promise<number>;
}) {
  const { jobStarter, settingsService } = deps;

  /** `file`: how a `.txt` file was decoded; pasted text has no bytes that could fail to read. */
  async function start(
    userId: string,
    text: string,
    options: UploadOptions,
    file?: Pick<DecodedTextFile, 'hasReplacedBytes'>,
  ) {
    const parsed = parseWordLines(text);
    const lineCount = parsed.entries.length + parsed.rejected.length;
    if (lineCount > MAX_UPLOAD_LINES) throw tooLong();
    // A line whose bytes did not read is reported with its text, never saved with U+FFFD in a word
    // (docs/product/upload.md#file-encodings); every other line goes on.
    const isDamaged = (raw: string) => file !== undefined && holdsReplacedBytes(file, raw);
    const entries = parsed.entries.filter(({ raw }) => !isDamaged(raw));
    const rejected: Array<{ lineNumber: number; raw: string; reason: RejectedLineReason }> = [
      ...parsed.rejected.map(({ lineNumber, raw, code }) => ({
        lineNumber,
        raw,
        reason: isDamaged(raw) ? ('bad-bytes' as const) : code,
      })),
      ...parsed.entries
        .filter(({ raw }) => isDamaged(raw))
        .map(({ lineNumber, raw }) => ({ lineNumber, raw, reason: 'bad-bytes' as const })),
    ].sort((first, second) => first.lineNumber - second.lineNumber);
    if (entries.length === 0) {
      throw new AppError('no_words', 400);
    }
    if ((await deps.countWords(userId)) + entries.length > MAX_DICTIONARY_WORDS) throw dictionaryFull();
    const input: UploadJobInput = {
      entries: entries.map(({ lineNumber, spanish, russian }) => ({ lineNumber, spanish, russian })),
      rejected: rejected.map(({ lineNumber, raw, reason }) => ({
        lineNumber,
        // The job's input is JSON in the database, which holds no NUL or lone surrogate
        // (docs/product/upload.md#invisible-characters).
        raw: withoutControlCharacters(raw),
        reason: rejectedLineFailure(reason, raw),
      })),
      enhanceWithAI: options.enhanceWithAI,
      generateImages: options.generateImages ?? (await settingsService.get(userId)).autoGenerateImages,
      imageStyle: options.imageStyle ?? null,
      import: null,
    };
    const jobId = await jobStarter.start(userId, JOB_KINDS.uploadWords, input, lineCount);
    return { jobId, entries };
  }

  return {
    async processText(userId: string, text: string, options: UploadOptions) {
      const { jobId } = await start(userId, text, options);
      return { jobId };
    },

    /**
     * A .txt file, UTF-8 or Windows-1251 (learners' files from Windows often are); lines with bytes that
     * did not read are reported instead of saved (docs/product/upload.md#file-encodings).
     */
    async processFile(
      userId: string,
      file: { filename: string; mimetype: string; bytes: Buffer },
      options: UploadOptions,
    ) {
      const isText = /\.txt$/i.test(file.filename) || file.mimetype.startsWith('text/plain');
      if (!isText) throw new AppError('not_a_text_file', 400);
      if (file.bytes.length > MAX_UPLOAD_BYTES) {
        throw new AppError('payload_too_large', 413);
      }
      const decoded = decodeTextFile(new Uint8Array(file.bytes));
      const { jobId, entries } = await start(userId, decoded.text, options, decoded);
      return {
        jobId,
        processed: entries.length,
        words: entries.map(({ spanish, russian }) => ({ spanish, russian })),
      };
    },

    /**
     * The learner's running upload, else their last finished one until they dismiss it
     * (docs/product/upload.md#the-upload-comes-back): what every tab and device shows on the upload screen.
     */
    async current(userId: string): Promise<CurrentUpload> {
      const job = await jobStarter.findLatestShown(userId, JOB_KINDS.uploadWords);
      if (!job) return { job: null };
      return {
        job: {
          jobId: job.id,
          kind: JOB_KINDS.uploadWords,
          status: job.status,
          progress: job.progress,
          // The runtime read the results with the upload's own schema (null until the job is over).
          results: job.results as UploadResults | null,
          error: job.error,
        },
      };
    },

    /** Closes a finished upload's report on every device; a running one stays (answers false). */
    async dismiss(userId: string, jobId: string) {
      const job = await findJob(userId, jobId);
      if (job.kind !== JOB_KINDS.uploadWords) throw notFound('job_not_found');
      return { dismissed: await jobStarter.dismiss(userId, jobId) };
    },

    async cancel(userId: string, jobId: string) {
      await findJob(userId, jobId);
      return { cancelled: await jobStarter.cancel(userId, jobId) };
    },
  };

  async function findJob(userId: string, jobId: string) {
    const job = await jobStarter.findOwned(userId, jobId);
    if (!job || (job.kind !== JOB_KINDS.uploadWords && !isDictionaryKind(job.kind))) {
      throw notFound('job_not_found');
    }
    return job;
  }
}
export type UploadsService = ReturnType<typeof createUploadsService>;
