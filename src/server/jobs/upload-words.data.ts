import { z } from 'zod';
import { coded } from '../../shared/api/errors';
import { uploadEntrySchema, uploadJobInputSchema } from '../../shared/api/jobs';
import { UPLOAD_STAGES, type UploadResults, uploadResultsSchema } from '../../shared/api/uploads';
import { jobData } from './job-data';
import { codeOfLegacySentence } from '../http/job-failure';

/**
 * What an upload's job stores (docs/product/jobs.md#versioned-schemas): its input (the entries, rejected
 * lines and options; an import's entries with the file's own fields) and its results, each version with the
 * conversion from the one before. An import and a restore build and read these too.
 */

/*
 * The older versions are written out here, not derived from the current input: a field added to it must not
 * change what a stored older job is read as. Only the entries of version 3 are the current entries, which
 * have not changed since; a change to them is a new version.
 */
const entryV2Schema = z.object({
  lineNumber: z.number().int(),
  spanish: z.string(),
  russian: z.string().nullable(),
});
const inputFields = {
  entries: z.array(entryV2Schema),
  enhanceWithAI: z.boolean(),
  generateImages: z.boolean(),
  imageStyle: z.string().nullable(),
};
/** Version 1: a rejected line's reason was a Russian sentence. */
const inputV1Schema = z.object({
  ...inputFields,
  rejected: z.array(z.object({ lineNumber: z.number().int(), raw: z.string(), reason: z.string() })),
});
/** Version 2: a rejected line's reason is a code. */
const inputV2Schema = z.object({
  ...inputFields,
  rejected: z.array(z.object({ lineNumber: z.number().int(), raw: z.string(), reason: coded })),
});
/**
 * Version 3: an import (docs/product/transfer.md#imports) — entries carry the file's own fields, media are
 * read from the stored package, and words already in the dictionary may take the file's fields.
 */
const inputV3Schema = inputV2Schema.extend({
  entries: z.array(uploadEntrySchema),
  import: z.object({ fileId: z.uuid().nullable(), overwriteExisting: z.boolean() }).nullable(),
});
/**
 * Version 4 (`uploadJobInputSchema`): an import's rows are read by the job from its stored file with the
 * learner's mapping (`import.rows`), not carried in the input: 20,000 rows were one value of megabytes
 * written and read whole.
 */
export const uploadInput = jobData('upload input', inputV1Schema)
  .next(inputV2Schema, (old) => ({
    ...old,
    rejected: old.rejected.map((line) => ({ ...line, reason: codeOfLegacySentence(line.reason) })),
  }))
  .next(inputV3Schema, (old) => ({ ...old, import: null }))
  // Those imports carried their rows.
  .next(uploadJobInputSchema, (old) => ({ ...old, import: old.import && { ...old.import, rows: null } }));

/** Version 4: no word carried the fields filled without a model (docs/product/upload.md#fills-without-a-model). */
const resultsV4Schema = uploadResultsSchema.extend({
  words: z.array(uploadResultsSchema.shape.words.element.omit({ filled: true })),
});
/** Version 3: duplicates did not carry the existing word's id (docs/product/upload.md#new-translation). */
const resultsV3Schema = resultsV4Schema.extend({
  duplicates: z.array(uploadResultsSchema.shape.duplicates.element.omit({ existingWordId: true })),
});
/** Version 2: no fallbacks (docs/product/providers.md#fallback) were reported. */
const resultsV2Schema = resultsV3Schema.omit({ fallbacks: true, stoppedProviders: true });
/** Version 1: duplicate reasons and per-line errors were Russian sentences. */
const resultsV1Schema = resultsV2Schema.extend({
  duplicates: z.array(resultsV3Schema.shape.duplicates.element.extend({ reason: z.string() })),
  errors: z.array(
    z.object({
      lineNumber: z.number().int().nullable(),
      spanish: z.string().nullable(),
      stage: z.enum(UPLOAD_STAGES),
      message: z.string(),
    }),
  ),
});
/** The checkpoint is the results so far (written with the words they list, in one transaction). */
export const uploadResults = jobData('upload results', resultsV1Schema)
  .next(resultsV2Schema, (old) => ({
    ...old,
    duplicates: old.duplicates.map((duplicate) => ({
      ...duplicate,
      reason: codeOfLegacySentence(duplicate.reason),
    })),
    errors: old.errors.map(({ message, ...error }) => ({ ...error, ...codeOfLegacySentence(message) })),
  }))
  // Those uploads made every clip and picture with the provider or not at all: nothing fell back.
  .next(resultsV3Schema, (old) => ({ ...old, fallbacks: [], stoppedProviders: [] }))
  // Those reports name no word for their duplicates: the report links to the dictionary instead.
  .next(resultsV4Schema, (old) => ({
    ...old,
    duplicates: old.duplicates.map((duplicate) => ({ ...duplicate, existingWordId: null })),
  }))
  // Those uploads reported no fills: their words read as saved, with nothing to undo.
  .next(uploadResultsSchema, (old) => ({
    ...old,
    words: old.words.map((word) => ({ ...word, filled: [] })),
  }));

/** The report of an upload (or of a restore, which has its shape) before anything is done. */
export const emptyUploadResults = (): UploadResults => ({
  words: [],
  duplicates: [],
  errors: [],
  fallbacks: [],
  stoppedProviders: [],
  builtinClipsJobId: null,
  moreWords: 0,
  moreDuplicates: 0,
  moreErrors: 0,
});
