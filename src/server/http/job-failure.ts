import type { CodedError } from '../../shared/api/errors';
import { withoutControlCharacters } from '../../shared/text/control-characters';
import {
  MAX_WORD_LINE_LENGTH,
  type RejectReasonCode,
  WORD_LINE_REJECT_REASONS,
} from '../../shared/text/word-lines';
import { WordNotAnalysedError } from '../modules/enrichment/word-analysis.step';
import { PROVIDER_ERROR_CODES, ProviderError, providerFailure } from '../providers/provider-error';
import {
  LEGACY_PROVIDER_NAMES,
  LEGACY_PROVIDER_SENTENCES,
  type LegacyProviderName,
} from './legacy-sentences';

/** A job's stored json no schema or converter of this server reads (src/server/jobs/job-data.ts). */
export class UnreadableJobDataError extends Error {
  constructor(what: string, detail: string) {
    super(`unreadable job ${what}: ${detail}`);
    this.name = 'UnreadableJobDataError';
  }
}

/**
 * How a job words a failure: as a code the client renders (docs/product/errors.md), never as a sentence.
 * The rules every job shares live here once: what a failure's code is, and which failures stop a job.
 */

/** Job-specific codes (their texts are in src/client/i18n/errors.*.json). */
export const JOB_ERROR_CODES = {
  wordExists: 'upload_word_exists',
  wordRepeated: 'upload_word_repeated',
  /** An import's row for a word already in the dictionary, which took the row's fields as asked. */
  wordUpdated: 'import_word_updated',
  /** An import's row whose Spanish column is empty. */
  importRowNoSpanish: 'import_row_no_spanish',
  /** params: `name`, a media file the row names and the package lacks. */
  importMediaMissing: 'import_media_missing',
  /** params: `table`, a backup's row that does not read or that the database refused. */
  backupRowUnreadable: 'backup_row_unreadable',
  /** params: `table`, `maxKb`: a backup's row longer than the longest line a restore reads. */
  backupRowTooLong: 'backup_row_too_long',
  /** params: `field`, a restored value its contract refused: the default was kept instead. */
  backupValueInvalid: 'backup_value_invalid',
  /** A row whose bytes did not read as text in the file's encoding (shown with U+FFFD in their place). */
  importRowBadBytes: 'import_row_bad_bytes',
  /** A row that does not read: an entity naming no character, a media name no file can have. */
  importRowUnreadable: 'import_row_unreadable',
  /** Reading the file took longer than its budget: the worker reading it was stopped. */
  importTooComplex: 'import_too_complex',
  /** params: `max`: the row would take the learner's dictionary past its cap. */
  dictionaryFull: 'dictionary_full',
  /** The job's process died during it three times (docs/product/jobs.md#crashed-jobs): never resumed again. */
  jobCrashed: 'job_crashed',
  /** params: `name`, a media file that is no MP3 clip or readable picture. */
  importMediaUnreadable: 'import_media_unreadable',
  translationFailed: 'upload_translation_failed',
  translationMissing: 'upload_translation_missing',
  noExample: 'phrase_no_example',
  wordNotAnalysed: 'analysis_missing',
  translationNotInAnswer: 'job_translation_not_in_answer',
  languageModelMissing: 'language_model_missing',
  translationFixKeyMissing: 'translation_fix_key_missing',
  dataUnreadable: 'job_data_unreadable',
  /** An audiobook chapter the language model could not write after its retries. */
  storyFailed: 'audiobook_story_failed',
  audiobookNoWords: 'audiobook_no_words',
  audiobookLanguageModelMissing: 'audiobook_language_model_missing',
  /** params: `provider`, which stopped answering; the rest of the upload used the built-in providers. */
  providerStopped: 'upload_provider_stopped',
  /** params: `provider`, whose saved key was sealed under another APP_SECRET: to be entered again. */
  keyUnreadable: 'provider_key_unreadable',
  /** An old report's sentence this server no longer knows: shown verbatim from `params.text`. */
  legacyText: 'legacy_text',
  unknown: 'unknown',
} as const;

/** A failure of the whole job that is worded by its code (language model missing…). */
export class JobFailure extends Error {
  constructor(readonly failure: CodedError) {
    super(`job failed: ${failure.code}`);
    this.name = 'JobFailure';
  }
}

/**
 * Why an upload line was rejected: the line rules' reasons, or bytes of a `.txt` file that did not read
 * in its encoding (docs/product/upload.md#file-encodings), which the line is never read with.
 */
export type RejectedLineReason = RejectReasonCode | 'bad-bytes';

/** Why a rejected upload line was rejected, as a code with what its sentence needs. */
export const REJECTED_LINE_CODES: Readonly<Record<RejectedLineReason, string>> = {
  'no-spanish': 'upload_line_no_spanish',
  'russian-first': 'upload_line_russian_first',
  'no-separator': 'upload_line_no_separator',
  'too-long': 'upload_line_too_long',
  'bad-bytes': JOB_ERROR_CODES.importRowBadBytes,
};

/**
 * A rejected upload line's reason as a code: a line too long with the limit; a line with bad bytes with
 * its text (`line`, U+FFFD where the bytes were, at most MAX_WORD_LINE_LENGTH characters), which the
 * report shows in place of a word, since nothing of it was read as one.
 */
export const rejectedLineFailure = (reason: RejectedLineReason, raw = ''): CodedError => ({
  code: REJECTED_LINE_CODES[reason],
  ...(reason === 'too-long' ? { params: { max: MAX_WORD_LINE_LENGTH } } : {}),
  // Cut before cleaning: a character cut in two is a lone surrogate, which the cleaning removes.
  ...(reason === 'bad-bytes'
    ? { params: { line: withoutControlCharacters(raw.slice(0, MAX_WORD_LINE_LENGTH)) } }
    : {}),
});

/** Any error a step met, as the code the learner reads; the details of an unexpected one go to the log. */
export function failureOf(error: unknown): CodedError {
  if (error instanceof ProviderError) {
    const { code, params } = providerFailure(error);
    return { code, params };
  }
  if (error instanceof JobFailure) return error.failure;
  if (error instanceof WordNotAnalysedError) return { code: JOB_ERROR_CODES.wordNotAnalysed };
  if (error instanceof UnreadableJobDataError) return { code: JOB_ERROR_CODES.dataUnreadable };
  return { code: JOB_ERROR_CODES.unknown };
}

/**
 * A wrong key or an empty account: every next word would fail the same way, so the job stops and fails
 * with it (docs/product/providers.md#when-a-job-stops). Other provider failures stay with the word they hit.
 */
export const isFatalFailure = (failure: CodedError): boolean =>
  failure.code === 'provider_invalid_key' || failure.code === 'provider_quota_exhausted';

/**
 * The sentences earlier versions stored in job rows, back to their codes: a report written before the
 * upgrade reads the same after it. A sentence not listed stays as it was, shown verbatim.
 */
const LEGACY_SENTENCES: ReadonlyMap<string, CodedError> = new Map<string, CodedError>([
  ['Слово уже существует в словаре', { code: JOB_ERROR_CODES.wordExists }],
  ['Слово повторяется в загрузке', { code: JOB_ERROR_CODES.wordRepeated }],
  ['Не удалось перевести слово', { code: JOB_ERROR_CODES.translationFailed }],
  [
    'Нет перевода: добавьте ключ OpenAI или перевод через « / »',
    { code: JOB_ERROR_CODES.translationMissing },
  ],
  ['Модель не вернула пример', { code: JOB_ERROR_CODES.noExample }],
  ['Модель не вернула разбор этого слова', { code: JOB_ERROR_CODES.wordNotAnalysed }],
  ['Нет перевода в ответе модели', { code: JOB_ERROR_CODES.translationNotInAnswer }],
  ['Нет ключа OpenAI: добавьте его в настройках.', { code: JOB_ERROR_CODES.languageModelMissing }],
  ['Нет ключа OpenAI: добавьте его на вкладке API.', { code: JOB_ERROR_CODES.translationFixKeyMissing }],
  ...(Object.keys(WORD_LINE_REJECT_REASONS) as RejectReasonCode[]).map((reason): [string, CodedError] => [
    WORD_LINE_REJECT_REASONS[reason],
    rejectedLineFailure(reason),
  ]),
  // Only the codes that existed when rows kept sentences have one.
  ...(Object.keys(LEGACY_PROVIDER_SENTENCES) as Array<keyof typeof LEGACY_PROVIDER_SENTENCES>).flatMap(
    (code) =>
      (Object.keys(LEGACY_PROVIDER_NAMES) as LegacyProviderName[]).map((provider): [string, CodedError] => [
        LEGACY_PROVIDER_SENTENCES[code](LEGACY_PROVIDER_NAMES[provider]),
        { code, params: { provider } },
      ]),
  ),
]);

/** What a job that rethrew a ProviderError stored: its developer message, "provider: code: detail". */
const PROVIDER_ERROR_MESSAGE = /^(openai|elevenlabs|leonardo|builtin): (provider_[a-z_]+): /;

export function codeOfLegacySentence(text: string): CodedError {
  const known = LEGACY_SENTENCES.get(text.trim());
  if (known) return known;
  const [, provider, code] = PROVIDER_ERROR_MESSAGE.exec(text) ?? [];
  if (provider && code && (PROVIDER_ERROR_CODES as readonly string[]).includes(code)) {
    return { code, params: { provider } };
  }
  // Old rows also kept developers' English (a database or network error); only Russian was ever the
  // learner's sentence, so only that is shown as it was.
  if (!/[а-яё]/i.test(text)) return { code: JOB_ERROR_CODES.unknown };
  return { code: JOB_ERROR_CODES.legacyText, params: { text } };
}
