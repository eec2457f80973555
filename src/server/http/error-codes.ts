import { PROVIDER_ERROR_CODES } from '../providers/provider-error';

/**
 * Every code an HTTP error answer may carry (docs/product/errors.md), each with the English text sent as
 * the developer `message`. The learner's sentence for each lives in the client catalogue
 * `errors.<code>`; a unit test checks that every code here has one in ru and en.
 */
export const HTTP_ERROR_MESSAGES = {
  /** No session, or it expired. */
  unauthorized: 'Unauthorized',
  /** An unknown path or a media file that is not the learner's. */
  not_found: 'Not found',
  word_not_found: 'Word not found',
  picture_not_found: 'Picture not found',
  job_not_found: 'Job not found',
  /** An undo token that is not the learner's, or whose time has passed (docs/product/decisions.md#undo-snapshots). */
  undo_not_found: 'Nothing to undo',
  /** A request that breaks the contract; params name the first failing `field` and the zod `issue`. */
  validation_failed: 'Request validation failed',
  /** Too many calls to a provider-heavy route, or any other 429. */
  rate_limited: 'Too many requests',
  /** Too many sign-in or registration attempts for this e-mail or address. */
  too_many_attempts: 'Too many attempts',
  /** A body or an uploaded file above the size limit. */
  payload_too_large: 'Request body is too large',
  /**
   * A state-changing request or a socket opened by a page of another site (docs/product/auth.md#forged-requests):
   * `Sec-Fetch-Site` said same-site or cross-site and `Origin` was neither the app's nor an allowed one.
   */
  cross_origin_request: 'Request from another site refused',
  /** A state-changing request whose body is not JSON (or multipart where a route takes a file). */
  unsupported_media_type: 'Unsupported content type',
  /** Fastify refused the request itself (malformed JSON, wrong content type): a client bug. */
  invalid_request: 'Invalid request',
  internal_error: 'Internal server error',
  /**
   * The database refused a value the request carried (a NUL, a broken character, a number beyond its
   * column) that no request schema caught: the request's fault, never a server error.
   */
  invalid_value: 'A value in the request cannot be stored',
  /** A multipart upload that ended before its last part did (a dropped connection, a broken client). */
  upload_incomplete: 'The upload ended before the file did',
  email_taken: 'A user with this e-mail already exists',
  invalid_credentials: 'Invalid credentials',
  duplicate_word: 'The word already exists in the dictionary',
  not_in_spaced_repetition: 'The word is not in spaced repetition',
  empty_text: 'No text to speak',
  /** params: `max`, the most lines one upload may hold. */
  too_many_lines: 'Too many lines in one upload',
  no_words: 'No word lines found',
  not_a_text_file: 'Not a .txt file',
  /** params: `maxMb`, the limit of the file's kind (docs/product/transfer.md#limits). */
  import_too_large: 'The import file is over its size limit',
  /** Neither a CSV nor an Anki package (.apkg, .colpkg). */
  import_unknown_format: 'Not a CSV file or an Anki package',
  /** The file has the right name but its contents do not read as one. */
  import_unreadable: 'The import file does not read',
  /** params: `max`, the most rows one import may hold. */
  import_too_many_rows: 'Too many rows in one import',
  import_no_words: 'The import file holds no rows',
  /**
   * Reading the file took longer than its budget (docs/product/transfer.md#limits): the worker reading it
   * was stopped. The file is not kept.
   */
  import_too_complex: 'The import file is too complex to read',
  /** params: `max`, the most words one learner's dictionary holds (upload, import and restore alike). */
  dictionary_full: 'The dictionary is full',
  /** params: `maxMb`, the most a learner's stored import and export files may take together. */
  transfer_quota_exceeded: 'Too many stored import and export files',
  /** The data folder's disk has less free space than `MIN_FREE_DISK_MB`: uploads and imports wait. */
  storage_low: 'The server is low on disk space',
  /** params: `mappedField`, whose column the file does not have. */
  import_mapping_invalid: 'The mapping names a column the file does not have',
  not_multipart: 'Expected a multipart upload with a .txt file',
  no_file: 'No file attached',
  /** The phrase routes need the learner's language-model key. */
  language_model_missing: 'No language-model key for phrases',
  /** The translation fix needs the learner's language-model key. */
  translation_fix_key_missing: 'No language-model key for the translation fix',
  /** params: `reason`, a code (a provider error code, `analysis_missing` or `phrase_no_example`), and its `provider`. */
  phrase_failed: 'Phrase regeneration failed',
  /** The language model answered without an example; used as a `reason`. */
  phrase_no_example: 'The model returned no example',
  /** The language model's answer left this word out; used as a `reason`. */
  analysis_missing: 'The model returned no analysis of this word',
  /** params: `provider`, the picture service the learner chose but has no key for. */
  image_key_missing: 'No key for the chosen picture provider',
  audiobook_not_found: 'Audiobook not found',
  genre_not_found: 'Genre not found',
  /** The learner already has a genre of this name (built-in ones included). */
  genre_exists: 'A genre with this name already exists',
  /** The twelve built-in genres cannot be deleted. */
  genre_builtin: 'Built-in genres cannot be deleted',
  /** A book needs at least one of the learner's genres; params: `field`. */
  genre_required: 'Choose a genre',
  /** Creating a book or validating its logic needs a language-model key or a compatible endpoint. */
  audiobook_language_model_missing: 'No language-model key for audiobooks',
  /** The learner's dictionary has no word to write a story from. */
  audiobook_no_words: 'No words in the dictionary to write a story from',
  series_not_found: 'Illustration series not found',
  /** A sentence's clip could not be made again, not even by the built-in voice. */
  sentence_audio_failed: 'The sentence audio could not be made',
  /** Make-cover on a sentence without a picture (docs/product/audiobooks.md#player). */
  sentence_image_missing: 'This sentence has no picture to make the cover',
  /** A series or picture asked of Leonardo without a Leonardo key (docs/product/audiobooks.md#illustration-series). */
  leonardo_key_missing: 'No Leonardo key',
  /** A series or picture asked of OpenAI without an OpenAI key. */
  openai_image_key_missing: 'No OpenAI key for pictures',
  /** Regenerating a sentence's Spanish or Russian needs a language model. */
  sentence_language_model_missing: 'No language-model key to rewrite the sentence',
  review_card_not_found: 'Review card not found',
  /** An undo of a grade this learner never gave, or one whose card is gone (docs/product/review.md#undo). */
  review_grade_not_found: 'Review grade not found',
  /** An undo of a grade the card has had a later grade since, from another tab or device. */
  review_undo_superseded: 'The card was graded again since; this grade can no longer be undone',
} as const;

export type HttpErrorCode = keyof typeof HTTP_ERROR_MESSAGES;

/** Every code the server sends in an error answer or a per-item failure over HTTP. */
export const SERVER_ERROR_CODES: readonly string[] = [
  ...Object.keys(HTTP_ERROR_MESSAGES),
  ...PROVIDER_ERROR_CODES,
];
