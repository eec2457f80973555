import { JOB_KINDS } from '../../shared/api/jobs';
import { z } from 'zod';
import { coded, type CodedError } from '../../shared/api/errors';
import {
  UPLOAD_STAGES,
  type UploadFallback,
  type UploadStageSkipReason,
  type UploadResults,
  uploadResultsSchema,
  type UploadStage,
} from '../../shared/api/uploads';
import type { Settings } from '../../shared/api/settings';
import { drawableFormat, resolveImageStyle } from '../../shared/catalogs/image-styles';
import { duplicateKeyOf } from '../../shared/text/duplicate-key';
import { createLimiter, type Limiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import {
  CARD_AUDIO_SLOTS,
  type CardAudioSlot,
  type CardVoices,
  cardVoices,
  speakCard,
} from '../modules/enrichment/card-audio.step';
import { importMediaFile, type ImportMediaSource } from '../modules/transfer/imported-media.step';
import type { CardAudio } from '../../shared/api/learn';
import { drawWordPicture } from '../modules/enrichment/word-picture.step';
import { analyseWords, type LocalAnalysis, localAnalysis } from '../modules/enrichment/word-analysis.step';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import type { ProviderPauses } from '../modules/providers/provider-pauses';
import type { NewWord, UploadsRepository } from '../modules/uploads/uploads.repository';
import { isCircuitOpen, isProviderError, type ProviderError } from '../providers/provider-error';
import type { KeyedProviderName, ProviderSet } from '../providers/provider-set';
import { chunksOf } from './dictionary-job';
import { jobData } from './job-data';
import { codeOfLegacySentence, failureOf, JOB_ERROR_CODES } from './job-failure';
import type { JobContext, JobDefinition } from './job-runtime';

export const UPLOAD_WORDS_JOB = JOB_KINDS.uploadWords;
/** docs/product/upload.md#stages: up to 20 words per language-model request. */
export const UPLOAD_CHUNK_SIZE = 20;
/** Chunks in flight at once: analysis of the next overlaps pictures and audio of the previous ones. */
const CHUNKS_IN_FLIGHT = 6;
/**
 * Per-provider bounds of one upload. A provider's rate limit is per account, and each learner brings
 * their own, so each upload gets its own share. Speech is the widest, as each word needs three clips.
 */
export const UPLOAD_PROVIDER_LIMITS = { languageModel: 4, images: 12, speech: 32 } as const;
/** Uploads of different learners run side by side; one long list never queues everyone else's. */
const UPLOADS_AT_ONCE = 4;

// ---- Stored data (docs/product/jobs.md#versioned-schemas) ----

const entryV2Schema = z.object({
  lineNumber: z.number().int(),
  spanish: z.string(),
  russian: z.string().nullable(),
});
/**
 * What an import's row brought besides the pair (docs/product/transfer.md#imports): kept as it is; the media
 * fields name files inside the import's package.
 */
const importedFieldsSchema = z.object({
  example: z.string().optional(),
  exampleTranslation: z.string().optional(),
  partOfSpeech: z.string().optional(),
  cefrLevel: z.string().optional(),
  theme: z.string().optional(),
  picture: z.string().optional(),
  audio: z.string().optional(),
  secondVoiceAudio: z.string().optional(),
  russianAudio: z.string().optional(),
});
export type ImportedFields = z.infer<typeof importedFieldsSchema>;
const entrySchema = entryV2Schema.extend({ imported: importedFieldsSchema.optional() });
export type UploadEntry = z.infer<typeof entrySchema>;

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
const inputV2Schema = z.object({
  ...inputFields,
  /** Lines that could not be read, reported as errors with their line numbers. */
  rejected: z.array(z.object({ lineNumber: z.number().int(), raw: z.string(), reason: coded })),
});
/**
 * Version 3: an import (docs/product/transfer.md#imports) — entries carry the file's own fields, media are
 * read from the stored package, and words already in the dictionary may take the file's fields.
 */
const inputV3Schema = inputV2Schema.extend({
  entries: z.array(entrySchema),
  import: z.object({ fileId: z.uuid().nullable(), overwriteExisting: z.boolean() }).nullable(),
});
export type UploadJobInput = z.infer<typeof inputV3Schema>;
export const uploadInput = jobData('upload input', inputV1Schema)
  .next(inputV2Schema, (old) => ({
    ...old,
    rejected: old.rejected.map((line) => ({ ...line, reason: codeOfLegacySentence(line.reason) })),
  }))
  .next(inputV3Schema, (old) => ({ ...old, import: null }));

/** Version 3: duplicates did not carry the existing word's id (docs/product/upload.md#new-translation). */
const resultsV3Schema = uploadResultsSchema.extend({
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
  .next(uploadResultsSchema, (old) => ({
    ...old,
    duplicates: old.duplicates.map((duplicate) => ({ ...duplicate, existingWordId: null })),
  }));

/** The report of an upload (or of a restore, which has its shape) before anything is done. */
export const emptyUploadResults = (): UploadResults => ({
  words: [],
  duplicates: [],
  errors: [],
  fallbacks: [],
  stoppedProviders: [],
  builtinClipsJobId: null,
});

// ---- One run ----

/** The stage whose work a provider's key would have done, for a report line about that key. */
const STAGE_OF_KEYED_PROVIDER: Readonly<Record<KeyedProviderName, UploadStage>> = {
  openai: 'analysis',
  elevenlabs: 'audio',
  leonardo: 'images',
};

interface Prepared extends UploadEntry {
  duplicateKey: string;
  /** An import's row for a word already in the dictionary, which the learner chose to update. */
  existingWordId?: number;
}

interface UploadDeps {
  uploads: UploadsRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  mediaStore: MediaStore;
  /**
   * Queues the learner's built-in clips job (docs/product/upload.md#built-in-clips-on-demand), unless
   * one is waiting to start already.
   */
  /** Answers the queued (or already waiting) job's id, or null when it could not be queued. */
  queueBuiltinClips(userId: string): Promise<string | null>;
  /** Told of every provider that failed a word, so Learn's on-demand clips pass over it for a while. */
  providerPauses?: Pick<ProviderPauses, 'noteFailure'>;
  /** Opens an import's stored package for its media (docs/product/transfer.md#imports). */
  openImportMedia?: (userId: string, fileId: string) => Promise<ImportMediaSource>;
}

/** What every step of one run reads: set up once by `plan`, never reassigned. */
interface UploadRun {
  deps: UploadDeps;
  context: JobContext<UploadJobInput, UploadResults>;
  settings: Settings;
  providers: ProviderSet;
  /** Null when the learner asked for no AI help, or has no language model. */
  languageModel: ProviderSet['languageModel'];
  voices: CardVoices;
  limiters: Record<keyof typeof UPLOAD_PROVIDER_LIMITS, Limiter>;
  /**
   * One chunk saved at a time: each save writes the checkpoint of every word saved so far, so two saves
   * in flight on two connections could each commit a list without the other's words.
   */
  saving: Limiter;
  /** The report so far: words saved, duplicates, errors, fallbacks. */
  results: UploadResults;
  tally: UploadTally;
  /** Set once a word is saved without one of its clips: the built-in clips job has work. */
  leftClips: { value: boolean };
  /** An import's package, for the media its rows name; null for an upload or a CSV. */
  importMedia: ImportMediaSource | null;
}

/** The stages only a language model does (docs/product/upload.md#skipped-stages). */
const LANGUAGE_MODEL_STAGES: ReadonlySet<UploadStage> = new Set([
  'translation',
  'analysis',
  'examples',
  'tags',
  'themes',
]);

/**
 * Which stages this upload does not run, and why (docs/product/upload.md#skipped-stages): without a
 * language model (none configured, or the learner asked for no AI help) its stages are skipped, base
 * translation only when some line needs one; without pictures asked for, the picture stage is.
 */
export function skippedStages(
  input: Pick<UploadJobInput, 'enhanceWithAI' | 'generateImages'>,
  hasLanguageModel: boolean,
  needsTranslation: boolean,
): Partial<Record<UploadStage, UploadStageSkipReason>> {
  const skipped: Partial<Record<UploadStage, UploadStageSkipReason>> = {};
  const modelReason = !input.enhanceWithAI ? 'ai_off' : hasLanguageModel ? null : 'no_language_model';
  if (modelReason) {
    for (const stage of LANGUAGE_MODEL_STAGES) {
      if (stage !== 'translation' || needsTranslation) skipped[stage] = modelReason;
    }
  }
  if (!input.generateImages) skipped.images = 'images_off';
  return skipped;
}

/**
 * The counts of the ten monitoring stages (docs/product/upload.md#stages) and of lines done or failed: one
 * object owns them, and each step tells it what it really finished; a skipped stage counts nothing.
 */
function createUploadTally(
  context: UploadRun['context'],
  /** The entries left after the duplicates step; on a resumed run, the checkpoint's lines are done. */
  fresh: readonly UploadEntry[],
  isResumed: boolean,
  hasLanguageModel: boolean,
) {
  const { input } = context;
  const total = input.entries.length + input.rejected.length;
  const needingTranslation = fresh.filter((entry) => !entry.russian).length;
  const skipped = skippedStages(input, hasLanguageModel, needingTranslation > 0);
  const stageTotal = (stage: UploadStage) => {
    if (skipped[stage]) return 0;
    if (stage === 'duplicates') return input.entries.length;
    if (stage === 'translation') return needingTranslation;
    return fresh.length;
  };
  const counters = Object.fromEntries(
    UPLOAD_STAGES.map((stage) => [stage, { completed: 0, total: stageTotal(stage) }]),
  ) as Record<UploadStage, { completed: number; total: number }>;
  counters.duplicates.completed = counters.duplicates.total;
  // Rejected lines count as failed on the first run; a resumed run starts its counts from what is left.
  let processed = total - fresh.length - (isResumed ? 0 : input.rejected.length);
  let failed = isResumed ? 0 : input.rejected.length;
  return {
    complete(stage: UploadStage, count = 1) {
      if (skipped[stage]) return;
      counters[stage].completed += count;
    },
    lineFailed() {
      failed += 1;
    },
    linesSaved(count: number) {
      processed += count;
    },
    report: (stage: UploadStage, currentWord: string | null) =>
      context.reportProgress({
        total,
        processed,
        failed,
        stage,
        currentWord,
        stages: UPLOAD_STAGES.map((name) => {
          const reason = skipped[name];
          return { name, ...counters[name], ...(reason ? { skipped: { reason } } : {}) };
        }),
      }),
  };
}
type UploadTally = ReturnType<typeof createUploadTally>;

const recordError = (run: UploadRun, entry: UploadEntry, stage: UploadStage, failure: CodedError) => {
  run.results.errors.push({ lineNumber: entry.lineNumber, spanish: entry.spanish, stage, ...failure });
};

/**
 * A provider the upload no longer calls (its circuit is open) is reported once for the whole upload,
 * not for every word it would have served (docs/product/upload.md#results-report).
 */
function recordStoppedProvider(run: Pick<UploadRun, 'results'>, error: ProviderError) {
  if (run.results.stoppedProviders.some((stopped) => stopped.provider === error.provider)) return;
  run.results.stoppedProviders.push({ provider: error.provider });
}

/** The word was saved with the built-in picture or voice because its provider failed (providers.md#fallback). */
function recordFallback(
  run: UploadRun,
  entry: UploadEntry,
  stage: UploadFallback['stage'],
  error: ProviderError,
) {
  run.deps.providerPauses?.noteFailure(run.context.userId, error);
  if (isCircuitOpen(error)) {
    recordStoppedProvider(run, error);
    return;
  }
  const reported = run.results.fallbacks.some(
    (fallback) => fallback.lineNumber === entry.lineNumber && fallback.stage === stage,
  );
  if (reported) return;
  run.results.fallbacks.push({
    lineNumber: entry.lineNumber,
    spanish: entry.spanish,
    stage,
    ...failureOf(error),
  });
}

/**
 * Stage 1: duplicates against the dictionary and inside the upload (docs/product/upload.md#duplicate-key).
 * Answers the entries still to add; words an interrupted earlier run saved are neither.
 */
async function findDuplicates(
  run: Pick<UploadRun, 'deps' | 'context' | 'results'>,
  isResumed: boolean,
): Promise<Prepared[]> {
  const { input, userId } = run.context;
  const savedKeys = new Set(run.results.words.map((word) => duplicateKeyOf(word.spanish)));
  const isOverwriting = input.import?.overwriteExisting === true;
  // Words an earlier run of this import updated already: reported then, not updated twice.
  const updatedKeys = new Set(
    run.results.duplicates
      .filter((duplicate) => duplicate.reason.code === JOB_ERROR_CODES.wordUpdated)
      .map((duplicate) => duplicateKeyOf(duplicate.spanish)),
  );
  const prepared = input.entries.map((entry) => ({ ...entry, duplicateKey: duplicateKeyOf(entry.spanish) }));
  const existing = new Map(
    (
      await run.deps.uploads.findByDuplicateKeys(userId, [
        ...new Set(prepared.map((entry) => entry.duplicateKey)),
      ])
    ).map((row) => [row.duplicateKey, row]),
  );
  const fresh: Prepared[] = [];
  /** Earlier lines of this upload, by duplicate key, with their translation for the report. */
  const seen = new Map<string, string | null>();
  for (const entry of prepared) {
    if (savedKeys.has(entry.duplicateKey)) continue;
    const known = existing.get(entry.duplicateKey);
    if (known && isOverwriting && !seen.has(entry.duplicateKey)) {
      seen.set(entry.duplicateKey, entry.russian);
      if (!updatedKeys.has(entry.duplicateKey)) fresh.push({ ...entry, existingWordId: known.id });
      continue;
    }
    if (known || seen.has(entry.duplicateKey)) {
      // The earlier run reported it already.
      if (!isResumed) {
        run.results.duplicates.push({
          spanish: entry.spanish,
          newRussian: entry.russian,
          existingRussian: known?.russian ?? seen.get(entry.duplicateKey) ?? null,
          existingWordId: known?.id ?? null,
          isActive: known?.isActive ?? true,
          reason: { code: known ? JOB_ERROR_CODES.wordExists : JOB_ERROR_CODES.wordRepeated },
        });
      }
      continue;
    }
    seen.set(entry.duplicateKey, entry.russian);
    fresh.push(entry);
  }
  return fresh;
}

/** The text fields a word's analysis gives, which an import's row may bring itself. */
const ANALYSED_FIELDS = ['example', 'exampleTranslation', 'partOfSpeech', 'cefrLevel', 'theme'] as const;

/** Whether an import's row lacks something only the language model can give. */
const needsAnalysis = (entry: Prepared) =>
  entry.existingWordId === undefined &&
  (!entry.russian || ANALYSED_FIELDS.some((field) => !entry.imported?.[field]));

const noAnalysis = (entry: UploadEntry): LocalAnalysis => ({
  spanishWithArticle: null,
  russian: entry.russian,
  partOfSpeech: null,
  cefrLevel: null,
  theme: null,
  example: null,
  exampleTranslation: null,
  highlightedSpanishWord: null,
  highlightedRussianWord: null,
});

/**
 * Stages 2–5: translation, analysis, example phrases, CEFR level and tags — one language-model request
 * per chunk. Answers the words that have a translation; the others are reported and counted as failed.
 */
async function analyseChunk(run: UploadRun, chunk: Prepared[]) {
  const isImport = run.context.input.import !== null;
  // An import asks the model only about rows missing a field, and never about a word it updates.
  const asked = isImport ? chunk.filter(needsAnalysis) : chunk;
  const analyses = await analyseWords(
    asked,
    run.languageModel,
    run.settings.vocabularyLevel,
    run.limiters.languageModel,
    (entry, error) => {
      if (isCircuitOpen(error)) recordStoppedProvider(run, error);
      else recordError(run, entry, 'analysis', failureOf(error));
    },
  );
  const ready: Array<{ entry: Prepared; analysis: LocalAnalysis; isByModel: boolean }> = [];
  for (const entry of chunk) {
    const analysis = analyses.get(entry);
    if (entry.existingWordId === undefined && !entry.russian && !analysis?.russian) {
      recordError(run, entry, 'translation', {
        code: run.languageModel ? JOB_ERROR_CODES.translationFailed : JOB_ERROR_CODES.translationMissing,
      });
      run.tally.lineFailed();
      continue;
    }
    if (!entry.russian) run.tally.complete('translation');
    ready.push({
      entry,
      // An import keeps its own fields: no local guess stands in for a missing one.
      analysis: analysis ?? (isImport ? noAnalysis(entry) : localAnalysis(entry)),
      isByModel: analysis !== undefined,
    });
  }
  // Only what the language model answered counts: the local rules' guesses are no analysis, example or
  // CEFR level (docs/product/upload.md#skipped-stages).
  const byModel = ready.filter(({ isByModel }) => isByModel);
  run.tally.complete('analysis', byModel.length);
  run.tally.complete('examples', byModel.filter(({ analysis }) => analysis.example).length);
  run.tally.complete('tags', byModel.filter(({ analysis }) => analysis.cefrLevel).length);
  await run.tally.report('analysis', chunk.at(-1)?.spanish ?? null);
  return ready;
}

/**
 * Stage 6: the word's picture, when the learner asked for pictures. When the learner's image provider
 * fails for it, the built-in pictures draw it (docs/product/providers.md#fallback); a failure of those
 * too leaves it without one.
 */
async function drawPicture(run: UploadRun, entry: Prepared, subject: { spanish: string; russian: string }) {
  const { input, userId } = run.context;
  if (!input.generateImages) return null;
  const style = resolveImageStyle(input.imageStyle ?? run.settings.defaultImageStyle);
  const format = drawableFormat(run.settings.imageFormat);
  try {
    const url = await drawWordPicture(
      {
        providers: run.providers,
        mediaStore: run.deps.mediaStore,
        userId,
        limiter: run.limiters.images,
        fallback: { onFallback: (error) => recordFallback(run, entry, 'images', error) },
      },
      subject,
      style,
      format,
    );
    run.tally.complete('images');
    return { url, style, format };
  } catch (error) {
    recordError(run, entry, 'images', failureOf(error));
    return null;
  }
}

/** A clip slot of the card and the import field that may bring it. */
const IMPORTED_CLIPS: ReadonlyArray<readonly [CardAudioSlot, 'audio' | 'secondVoiceAudio' | 'russianAudio']> =
  [
    ['audioData', 'audio'],
    ['secondVoiceAudioData', 'secondVoiceAudio'],
    ['russianAudioData', 'russianAudio'],
  ];

/**
 * An import's picture and clips from its package (docs/product/transfer.md#imports), each checked and kept
 * as the word's own; one the package lacks or that does not read is reported on the row.
 */
async function importedMedia(run: UploadRun, entry: Prepared) {
  const media: Partial<Record<CardAudioSlot | 'imageUrl', string>> = {};
  const { imported } = entry;
  const source = run.importMedia;
  if (!imported || !source) return media;
  const deps = { source, mediaStore: run.deps.mediaStore, userId: run.context.userId };
  const wanted: Array<readonly [CardAudioSlot | 'imageUrl', string | undefined, 'picture' | 'clip']> = [
    ['imageUrl', imported.picture, 'picture'],
    ...IMPORTED_CLIPS.map(([slot, field]) => [slot, imported[field], 'clip'] as const),
  ];
  await Promise.all(
    wanted.map(async ([slot, name, kind]) => {
      if (!name) return;
      const result = await importMediaFile(deps, name, kind);
      if ('url' in result) media[slot] = result.url;
      else recordError(run, entry, kind === 'picture' ? 'images' : 'audio', result.failure);
    }),
  );
  return media;
}

const NO_CLIPS: CardAudio = { audioData: null, russianAudioData: null, secondVoiceAudioData: null };

/**
 * Stages 6–9 for one word: picture, theme, the card's default text in the three voices, pronunciation.
 * The picture and the clips are independent, so they are asked for at the same time. Clips the
 * built-in voice speaks are not made here but on demand (docs/product/upload.md#built-in-clips-on-demand);
 * a keyed voice that fails leaves its clip to the built-in voice the same way. An import keeps its own
 * Spanish, fields, picture and clips; it draws or speaks only what is missing, and only when the learner
 * asked (docs/product/transfer.md#imports); a word it updates takes the file's fields alone.
 */
async function enrichWord(run: UploadRun, entry: Prepared, analysis: LocalAnalysis): Promise<SavedWord> {
  const { input } = run.context;
  const isImport = input.import !== null;
  const isUpdate = entry.existingWordId !== undefined;
  const imported = entry.imported ?? {};
  const spanish = isImport ? entry.spanish : analysis.spanishWithArticle || entry.spanish;
  const russian = entry.russian ?? analysis.russian ?? '';
  const example = imported.example ?? analysis.example;
  const exampleTranslation = imported.exampleTranslation ?? analysis.exampleTranslation;
  // The model's highlights belong to its own example.
  const isModelExample = example !== null && example === analysis.example;
  const media = await importedMedia(run, entry);
  const missingClips = CARD_AUDIO_SLOTS.filter((slot) => !media[slot]);
  const speaksMissing = !isUpdate && missingClips.length > 0 && (!isImport || input.enhanceWithAI);
  const [picture, audio] = await Promise.all([
    media.imageUrl || isUpdate ? null : drawPicture(run, entry, { spanish, russian }),
    speaksMissing
      ? speakCard(
          {
            speechService: run.deps.speechService,
            userId: run.context.userId,
            providers: run.providers,
            voices: run.voices,
            settings: run.settings,
            limiter: run.limiters.speech,
            isBackground: true,
            onError: (error) => {
              if (isProviderError(error)) recordFallback(run, entry, 'audio', error);
              else recordError(run, entry, 'audio', failureOf(error));
            },
          },
          { spanish, russian, example, exampleTranslation },
          { leavesBuiltinClips: true, slots: missingClips },
        )
      : NO_CLIPS,
  ]);
  const clips: CardAudio = {
    audioData: media.audioData ?? audio.audioData,
    russianAudioData: media.russianAudioData ?? audio.russianAudioData,
    secondVoiceAudioData: media.secondVoiceAudioData ?? audio.secondVoiceAudioData,
  };
  if (
    !isUpdate &&
    (!clips.audioData || !clips.secondVoiceAudioData || (!clips.russianAudioData && russian))
  ) {
    run.leftClips.value = true;
  }
  // Done for the stage: made now, or left to be made on demand. The spoken text was cleaned for the voices
  // either way; a theme counts only when the analysis gave one.
  run.tally.complete('audio');
  if (imported.theme ?? analysis.theme) run.tally.complete('themes');
  run.tally.complete('pronunciation');
  await run.tally.report('audio', entry.spanish);
  return {
    spanish,
    russian,
    duplicateKey: entry.duplicateKey,
    example,
    exampleTranslation,
    highlightedSpanishWord: isModelExample ? analysis.highlightedSpanishWord : null,
    highlightedRussianWord: isModelExample ? analysis.highlightedRussianWord : null,
    partOfSpeech: imported.partOfSpeech ?? analysis.partOfSpeech,
    cefrLevel: imported.cefrLevel ?? analysis.cefrLevel,
    themeCategory: imported.theme ?? analysis.theme,
    imageUrl: media.imageUrl ?? picture?.url ?? null,
    imageStyle: picture?.style.key ?? null,
    imageStyleId: picture?.style.id ?? null,
    imageFormat: picture?.format ?? null,
    ...clips,
    ...(isUpdate ? { existingWordId: entry.existingWordId } : {}),
  };
}

/** A word to save: new, or (an import's) the dictionary word it updates. */
type SavedWord = NewWord & { existingWordId?: number };

/**
 * Stage 10: the chunk's words in one transaction, with the checkpoint that records them, so a restart
 * never saves a word twice nor reports a saved word as its own duplicate. Words an import updates are
 * reported among the duplicates, as updated.
 */
async function saveChunk(run: UploadRun, words: SavedWord[]) {
  const inserted = words.filter((word) => word.existingWordId === undefined);
  const updated = words.flatMap(({ existingWordId, ...word }) =>
    existingWordId === undefined ? [] : [{ ...word, existingWordId }],
  );
  const updateReports: UploadResults['duplicates'] = updated.map((word) => ({
    spanish: word.spanish,
    newRussian: word.russian || null,
    existingRussian: null,
    existingWordId: word.existingWordId,
    isActive: true,
    reason: { code: JOB_ERROR_CODES.wordUpdated },
  }));
  await run.saving(async () => {
    let saved: UploadResults['words'] = [];
    await run.deps.uploads.saveChunk(run.context.userId, inserted, {
      jobId: run.context.jobId,
      updates: updated,
      resultsAfter: (ids) => {
        saved = inserted.flatMap((word) => {
          const id = ids.get(word.duplicateKey);
          if (id === undefined) return [];
          const { spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech } = word;
          return [{ id, spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech }];
        });
        return run.context.encodeCheckpoint({
          ...run.results,
          words: [...run.results.words, ...saved],
          duplicates: [...run.results.duplicates, ...updateReports],
        });
      },
    });
    run.results.words.push(...saved);
    run.results.duplicates.push(...updateReports);
  });
  run.tally.complete('saving', words.length);
  run.tally.linesSaved(words.length);
  await run.tally.report('saving', words.at(-1)?.spanish ?? null);
}

/**
 * The upload (docs/product/upload.md): duplicates first, then one unit per chunk of 20 words — analyse
 * the chunk, enrich each word, save the chunk.
 */
export function createUploadWordsJob(
  deps: UploadDeps,
): JobDefinition<UploadJobInput, UploadResults, UploadResults, Prepared[]> {
  return {
    kind: UPLOAD_WORDS_JOB,
    concurrency: UPLOADS_AT_ONCE,
    input: uploadInput,
    checkpoint: uploadResults,
    results: uploadResults,
    async plan(context) {
      const { userId, input, checkpoint } = context;
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const results: UploadResults = checkpoint ?? emptyUploadResults();
      if (!checkpoint) {
        for (const line of input.rejected) {
          results.errors.push({
            lineNumber: line.lineNumber,
            spanish: null,
            stage: 'duplicates',
            ...line.reason,
          });
        }
        // A key another instance sealed serves as none: the report says so once, never in silence.
        for (const provider of providers.unreadableKeys) {
          results.errors.push({
            lineNumber: null,
            spanish: null,
            stage: STAGE_OF_KEYED_PROVIDER[provider],
            code: JOB_ERROR_CODES.keyUnreadable,
            params: { provider },
          });
        }
      }
      const importFileId = input.import?.fileId ?? null;
      const run: Omit<UploadRun, 'tally'> = {
        importMedia:
          importFileId && deps.openImportMedia ? await deps.openImportMedia(userId, importFileId) : null,
        leftClips: { value: false },
        deps,
        context,
        settings,
        providers,
        languageModel: input.enhanceWithAI ? providers.languageModel : null,
        voices: await cardVoices(providers, settings.spanishVoices, settings.russianVoice),
        limiters: {
          languageModel: createLimiter(UPLOAD_PROVIDER_LIMITS.languageModel),
          images: createLimiter(UPLOAD_PROVIDER_LIMITS.images),
          speech: createLimiter(UPLOAD_PROVIDER_LIMITS.speech),
        },
        saving: createLimiter(1),
        results,
      };
      // The tally's totals need the duplicates step's answer.
      const fresh = await findDuplicates(run, checkpoint !== null);
      if (checkpoint) {
        // Lines this run does again drop what an earlier run recorded against them: reported once.
        const redone = new Set(fresh.map((entry) => entry.lineNumber));
        results.errors = results.errors.filter(
          (error) => error.lineNumber === null || !redone.has(error.lineNumber),
        );
        results.fallbacks = results.fallbacks.filter((fallback) => !redone.has(fallback.lineNumber));
      }
      const tally = createUploadTally(context, fresh, checkpoint !== null, run.languageModel !== null);
      const fullRun: UploadRun = { ...run, tally };
      await tally.report('duplicates', null);

      return {
        units: chunksOf(fresh, UPLOAD_CHUNK_SIZE),
        unitsAtOnce: CHUNKS_IN_FLIGHT,
        async step(chunk) {
          const ready = await analyseChunk(fullRun, chunk);
          if (await context.shouldStop()) return;
          const words = await Promise.all(
            ready.map(({ entry, analysis }) => enrichWord(fullRun, entry, analysis)),
          );
          await saveChunk(fullRun, words);
        },
        async finish() {
          run.importMedia?.close();
          await tally.report('saving', null);
          // A resumed run cannot tell what the earlier one left: the job skips words that have clips.
          if (fullRun.leftClips.value || checkpoint) {
            results.builtinClipsJobId = await deps.queueBuiltinClips(userId);
          }
          return results;
        },
      };
    },
  };
}
