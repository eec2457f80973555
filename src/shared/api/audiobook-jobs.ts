import { z } from 'zod';

/**
 * What the audiobooks' background jobs report (`GET /api/jobs/:id`, docs/product/jobs.md#following-a-job):
 * creation, the logic check, a book's missing clips, its re-voicing and an illustration series. Apart from the audiobooks'
 * other calls, as every screen that follows a job parses these and only the audiobook screens need the rest
 * (docs/product/overview.md#serving-the-client).
 */

/** validate-logic's results (docs/product/audiobooks.md#maintenance). */
export const validateLogicResultsSchema = z.object({
  statistics: z.object({ errorsFound: z.number().int(), errorsFixed: z.number().int() }),
  /** Books the model could not check (a provider failure), counted apart from the errors it found. */
  failedBooks: z.number().int(),
});
export type ValidateLogicResults = z.infer<typeof validateLogicResultsSchema>;

/**
 * The eight creation steps, in order (docs/product/audiobooks.md#creation): each is one of the job's
 * progress `stages`, with completed/total of its own unit (chapters, sentences, clips, pictures).
 */
export const CREATION_STEPS = [
  'loadDictionary',
  'selectWords',
  'createRecord',
  'generateStory',
  'saveSentences',
  'createAudio',
  'generateImages',
  'finalize',
] as const;
export type CreationStep = (typeof CREATION_STEPS)[number];

/**
 * The creation's counters, each counting one named event (docs/product/audiobooks.md#creation-counters):
 * language-model calls; speech-provider calls; distinct dictionary words verified in the story; sentences
 * saved; pictures stored; tokens the model reported; chapters generated; Russian sentences stored; clips
 * requested (cache hits included); and the due words the story uses.
 */
export const CREATION_COUNTERS = [
  'languageModelRequests',
  'speechRequests',
  'wordsUsed',
  'sentencesSaved',
  'imagesStored',
  'languageModelTokens',
  'chaptersGenerated',
  'translationsStored',
  'clipsRequested',
  'dueWordsUsed',
] as const;
export type CreationCounter = (typeof CREATION_COUNTERS)[number];
export type CreationCounters = Record<CreationCounter, number>;
export const creationCountersSchema = z.object(
  Object.fromEntries(CREATION_COUNTERS.map((name) => [name, z.number().int()])) as Record<
    CreationCounter,
    z.ZodNumber
  >,
);

/** What a finished creation reports (`GET /api/jobs/:id` of kind `create-audiobook`). */
export const createAudiobookResultsSchema = z.object({
  audiobookId: z.number().int(),
  counters: creationCountersSchema,
});
export type CreateAudiobookResults = z.infer<typeof createAudiobookResultsSchema>;

/** generate-missing-audio's results (every sentence's missing clips). */
export const generateMissingAudioResultsSchema = z.object({
  audiobookId: z.number().int(),
  generatedCount: z.number().int(),
  failedCount: z.number().int(),
});
export type GenerateMissingAudioResults = z.infer<typeof generateMissingAudioResultsSchema>;

/**
 * The re-voicing job's results (`revoice-audiobook`): clips made again in the learner's current settings, and
 * clips that could not be (they keep their earlier clip).
 */
export const revoiceResultsSchema = z.object({
  audiobookId: z.number().int(),
  revoicedCount: z.number().int(),
  failedCount: z.number().int(),
});
export type RevoiceResults = z.infer<typeof revoiceResultsSchema>;

/** The series job's results (`GET /api/jobs/:id` of kind `generate-image-series`). */
export const imageSeriesJobResultsSchema = z.object({
  audiobookId: z.number().int(),
  seriesId: z.number().int(),
  processedImages: z.number().int(),
  failedImages: z.number().int(),
  totalImages: z.number().int(),
});
export type ImageSeriesJobResults = z.infer<typeof imageSeriesJobResultsSchema>;
