import { JOB_KINDS } from '../../shared/api/jobs';
import type { CodedError } from '../../shared/api/errors';
import type { CardAudio } from '../../shared/api/learn';
import type { Settings } from '../../shared/api/settings';
import {
  type UploadFallback,
  type UploadResults,
  UPLOAD_STAGES,
  type UploadStage,
  type UploadStageSkipReason,
} from '../../shared/api/uploads';
import { drawableFormat, resolveImageStyle } from '../../shared/catalogs/image-styles';
import { duplicateKeyOf } from '../../shared/text/duplicate-key';
import { createLimiter, type Limiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import {
  CARD_AUDIO_SLOTS,
  type CardVoices,
  cardVoices,
  speakCard,
} from '../modules/enrichment/card-audio.step';
import { drawWordPicture } from '../modules/enrichment/word-picture.step';
import { analyseWords, type LocalAnalysis, localAnalysis } from '../modules/enrichment/word-analysis.step';
import type { ProviderPauses } from '../modules/providers/provider-pauses';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import {
  createImportedWords,
  type ImportedWords,
  type ImportMediaSource,
  mediaNamesOf,
} from '../modules/transfer/imported-words.step';
import type { NewWord, UploadsRepository } from '../modules/uploads/uploads.repository';
import { isCircuitOpen, isProviderError, type ProviderError } from '../providers/provider-error';
import type { KeyedProviderName, ProviderSet } from '../providers/provider-set';
import { chunksOf } from './dictionary-job';
import { failureOf, JOB_ERROR_CODES } from './job-failure';
import type { JobContext, JobDefinition } from './job-runtime';
import {
  emptyUploadResults,
  type UploadEntry,
  type UploadJobInput,
  uploadInput,
  uploadResults,
} from './upload-words.data';

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

/** The stage whose work a provider's key would have done, for a report line about that key. */
const STAGE_OF_KEYED_PROVIDER: Readonly<Record<KeyedProviderName, UploadStage>> = {
  openai: 'analysis',
  elevenlabs: 'audio',
  leonardo: 'images',
};

interface Prepared extends UploadEntry {
  duplicateKey: string;
}
/** An import's row for a word already in the dictionary, which the learner chose to update. */
type Update = Prepared & { existingWordId: number };

type Unit = { kind: 'add'; entries: Prepared[] } | { kind: 'update'; entries: Update[] };

interface UploadDeps {
  uploads: UploadsRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  mediaStore: MediaStore;
  /**
   * Queues the learner's built-in clips job (docs/product/upload.md#built-in-clips-on-demand), unless
   * one is waiting to start already. Answers its id, or null when it could not be queued.
   */
  queueBuiltinClips(userId: string): Promise<string | null>;
  /** Told of every provider that failed a word, so Learn's on-demand clips pass over it for a while. */
  providerPauses?: Pick<ProviderPauses, 'noteFailure'>;
  /** The media an import's package holds for these names (docs/product/transfer.md#imports). */
  openImportMedia?: (userId: string, fileId: string, names: string[]) => Promise<ImportMediaSource>;
  /** Deletes an import's file once the job is done with it. */
  discardImport?: (userId: string, fileId: string) => Promise<void>;
}

/**
 * How an upload treats what it was given, set once from its input: an import's rows are the learner's own
 * words (docs/product/transfer.md#imports), a pasted list is filled in by the app.
 */
interface UploadRules {
  /** The Spanish is kept as given (no article added), and no local guess fills a field the model did not. */
  isVerbatim: boolean;
  /** Clips the row lacks are spoken by the learner's voices now; else the built-in voices make them on demand. */
  speaksMissingClips: boolean;
  /** Words already in the dictionary take the row's fields instead of being reported as duplicates. */
  updatesExisting: boolean;
}

const rulesOf = (input: UploadJobInput): UploadRules => ({
  isVerbatim: input.import !== null,
  speaksMissingClips: input.import === null || input.enhanceWithAI,
  updatesExisting: input.import?.overwriteExisting === true,
});

/** What every step of one run reads: set up once by `plan`, never reassigned. */
interface UploadRun {
  deps: UploadDeps;
  context: JobContext<UploadJobInput, UploadResults>;
  rules: UploadRules;
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
  /** What the rows themselves bring: an import's fields and its package's files. */
  imported: ImportedWords;
}

// ---- One run ----

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
  /**
   * The entries left after the duplicates step (on a resumed run, the checkpoint's lines are done): words
   * to add, which every stage counts, and words an import updates, which only the saving does.
   */
  left: { adds: readonly UploadEntry[]; updates: readonly UploadEntry[] },
  isResumed: boolean,
  hasLanguageModel: boolean,
) {
  const { input } = context;
  const total = input.entries.length + input.rejected.length;
  const fresh = left.adds.length + left.updates.length;
  const needingTranslation = left.adds.filter((entry) => !entry.russian).length;
  const skipped = skippedStages(input, hasLanguageModel, needingTranslation > 0);
  const stageTotal = (stage: UploadStage) => {
    if (skipped[stage]) return 0;
    if (stage === 'duplicates') return input.entries.length;
    if (stage === 'translation') return needingTranslation;
    if (stage === 'saving') return fresh;
    return left.adds.length;
  };
  const counters = Object.fromEntries(
    UPLOAD_STAGES.map((stage) => [stage, { completed: 0, total: stageTotal(stage) }]),
  ) as Record<UploadStage, { completed: number; total: number }>;
  counters.duplicates.completed = counters.duplicates.total;
  // Rejected lines count as failed on the first run; a resumed run starts its counts from what is left.
  let processed = total - fresh - (isResumed ? 0 : input.rejected.length);
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
 * Answers the entries still to add, and those of words already there that an import updates; words an
 * interrupted earlier run saved or updated are neither.
 */
async function findDuplicates(
  run: Pick<UploadRun, 'deps' | 'context' | 'results' | 'rules'>,
  isResumed: boolean,
): Promise<{ adds: Prepared[]; updates: Update[] }> {
  const { input, userId } = run.context;
  const savedKeys = new Set(run.results.words.map((word) => duplicateKeyOf(word.spanish)));
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
  const adds: Prepared[] = [];
  const updates: Update[] = [];
  /** Earlier lines of this upload, by duplicate key, with their translation for the report. */
  const seen = new Map<string, string | null>();
  for (const entry of prepared) {
    if (savedKeys.has(entry.duplicateKey)) continue;
    const known = existing.get(entry.duplicateKey);
    if (known && run.rules.updatesExisting && !seen.has(entry.duplicateKey)) {
      seen.set(entry.duplicateKey, entry.russian);
      if (!updatedKeys.has(entry.duplicateKey)) updates.push({ ...entry, existingWordId: known.id });
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
    adds.push(entry);
  }
  return { adds, updates };
}

/** The text fields a word's analysis gives, which a row may bring itself. */
const ANALYSED_FIELDS = ['example', 'exampleTranslation', 'partOfSpeech', 'cefrLevel', 'theme'] as const;

/** Whether a row lacks something only the language model can give (a pasted line always does). */
const needsAnalysis = (entry: Prepared) =>
  !entry.russian || ANALYSED_FIELDS.some((field) => !entry.imported?.[field]);

/** What a row's own values stand on when the model gave nothing and nothing may be guessed. */
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
 * per chunk, for the rows that lack something. Answers the words that have a translation; the others are
 * reported and counted as failed.
 */
async function analyseChunk(run: UploadRun, chunk: Prepared[]) {
  const analyses = await analyseWords(
    chunk.filter(needsAnalysis),
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
    if (!entry.russian && !analysis?.russian) {
      recordError(run, entry, 'translation', {
        code: run.languageModel ? JOB_ERROR_CODES.translationFailed : JOB_ERROR_CODES.translationMissing,
      });
      run.tally.lineFailed();
      continue;
    }
    if (!entry.russian) run.tally.complete('translation');
    ready.push({
      entry,
      analysis: analysis ?? (run.rules.isVerbatim ? noAnalysis(entry) : localAnalysis(entry)),
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

const NO_CLIPS: CardAudio = { audioData: null, russianAudioData: null, secondVoiceAudioData: null };

/**
 * Stages 6–9 for one word: picture, theme, the card's default text in the three voices, pronunciation.
 * What the row brings itself (an import's fields, picture and clips) stands; the rest is made. The picture
 * and the clips are independent, so they are asked for at the same time. Clips the built-in voice speaks
 * are not made here but on demand (docs/product/upload.md#built-in-clips-on-demand); a keyed voice that
 * fails leaves its clip to the built-in voice the same way.
 */
async function enrichWord(run: UploadRun, entry: Prepared, analysis: LocalAnalysis): Promise<NewWord> {
  const given = await run.imported.given(entry);
  for (const { stage, failure } of given.failures) recordError(run, entry, stage, failure);
  const spanish = run.rules.isVerbatim ? entry.spanish : analysis.spanishWithArticle || entry.spanish;
  const russian = entry.russian ?? analysis.russian ?? '';
  const example = given.fields.example ?? analysis.example;
  const exampleTranslation = given.fields.exampleTranslation ?? analysis.exampleTranslation;
  // The model's highlights belong to its own example.
  const isModelExample = example !== null && example === analysis.example;
  const missingClips = CARD_AUDIO_SLOTS.filter((slot) => !given.media[slot]);
  const [picture, audio] = await Promise.all([
    given.media.imageUrl ? null : drawPicture(run, entry, { spanish, russian }),
    missingClips.length > 0 && run.rules.speaksMissingClips
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
    audioData: given.media.audioData ?? audio.audioData,
    russianAudioData: given.media.russianAudioData ?? audio.russianAudioData,
    secondVoiceAudioData: given.media.secondVoiceAudioData ?? audio.secondVoiceAudioData,
  };
  if (!clips.audioData || !clips.secondVoiceAudioData || (!clips.russianAudioData && russian)) {
    run.leftClips.value = true;
  }
  // Done for the stage: made now, or left to be made on demand. The spoken text was cleaned for the voices
  // either way; a theme counts only when there is one.
  const themeCategory = given.fields.themeCategory ?? analysis.theme;
  run.tally.complete('audio');
  if (themeCategory) run.tally.complete('themes');
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
    partOfSpeech: given.fields.partOfSpeech ?? analysis.partOfSpeech,
    cefrLevel: given.fields.cefrLevel ?? analysis.cefrLevel,
    themeCategory,
    imageUrl: given.media.imageUrl ?? picture?.url ?? null,
    imageStyle: picture?.style.key ?? null,
    imageStyleId: picture?.style.id ?? null,
    imageFormat: picture?.format ?? null,
    ...clips,
  };
}

/**
 * Stage 10: the chunk's words in one transaction, with the checkpoint that records them, so a restart
 * never saves a word twice nor reports a saved word as its own duplicate. Words an import updates are
 * reported among the duplicates, as updated; a word another upload of the learner's saved meanwhile is
 * reported as already in the dictionary, never left out of the report.
 */
async function saveChunk(
  run: UploadRun,
  inserted: readonly NewWord[],
  updated: ReadonlyArray<NewWord & { existingWordId: number }>,
) {
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
    let taken: UploadResults['duplicates'] = [];
    await run.deps.uploads.saveChunk(run.context.userId, inserted, {
      jobId: run.context.jobId,
      updates: updated,
      resultsAfter: (ids, existing) => {
        saved = inserted.flatMap((word) => {
          const id = ids.get(word.duplicateKey);
          if (id === undefined) return [];
          const { spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech } = word;
          return [{ id, spanish, russian, example, exampleTranslation, cefrLevel, partOfSpeech }];
        });
        taken = inserted.flatMap((word) => {
          const known = ids.has(word.duplicateKey) ? undefined : existing.get(word.duplicateKey);
          if (!known) return [];
          return [
            {
              spanish: word.spanish,
              newRussian: word.russian || null,
              existingRussian: known.russian,
              existingWordId: known.id,
              isActive: known.isActive,
              reason: { code: JOB_ERROR_CODES.wordExists },
            },
          ];
        });
        return run.context.encodeCheckpoint({
          ...run.results,
          words: [...run.results.words, ...saved],
          duplicates: [...run.results.duplicates, ...updateReports, ...taken],
        });
      },
    });
    run.results.words.push(...saved);
    run.results.duplicates.push(...updateReports, ...taken);
  });
  const count = inserted.length + updated.length;
  run.tally.complete('saving', count);
  run.tally.linesSaved(count);
  await run.tally.report('saving', (updated.at(-1) ?? inserted.at(-1))?.spanish ?? null);
}

/** An import's rows for words already in the dictionary: the rows' own fields and files, saved as updates. */
async function updateWords(run: UploadRun, entries: Update[]) {
  const words = await Promise.all(
    entries.map(async (entry) => {
      const { word, failures } = await run.imported.update(entry, entry.existingWordId);
      for (const { stage, failure } of failures) recordError(run, entry, stage, failure);
      return word;
    }),
  );
  await saveChunk(run, [], words);
}

/**
 * The upload (docs/product/upload.md): duplicates first, then one unit per chunk of 20 words — analyse
 * the chunk, enrich each word, save the chunk; an import's words already in the dictionary, when the
 * learner chose to update them, in units of their own.
 */
export function createUploadWordsJob(
  deps: UploadDeps,
): JobDefinition<UploadJobInput, UploadResults, UploadResults, Unit> {
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
      const source =
        importFileId && deps.openImportMedia
          ? await deps.openImportMedia(userId, importFileId, mediaNamesOf(input.entries))
          : null;
      const rules = rulesOf(input);
      const run: Omit<UploadRun, 'tally'> = {
        imported: createImportedWords({ source, mediaStore: deps.mediaStore, userId }),
        leftClips: { value: false },
        deps,
        context,
        rules,
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
      const left = await findDuplicates(run, checkpoint !== null);
      if (checkpoint) {
        // Lines this run does again drop what an earlier run recorded against them: reported once.
        const redone = new Set([...left.adds, ...left.updates].map((entry) => entry.lineNumber));
        results.errors = results.errors.filter(
          (error) => error.lineNumber === null || !redone.has(error.lineNumber),
        );
        results.fallbacks = results.fallbacks.filter((fallback) => !redone.has(fallback.lineNumber));
      }
      const tally = createUploadTally(context, left, checkpoint !== null, run.languageModel !== null);
      const fullRun: UploadRun = { ...run, tally };
      await tally.report('duplicates', null);

      return {
        units: [
          ...chunksOf(left.updates, UPLOAD_CHUNK_SIZE).map((entries): Unit => ({ kind: 'update', entries })),
          ...chunksOf(left.adds, UPLOAD_CHUNK_SIZE).map((entries): Unit => ({ kind: 'add', entries })),
        ],
        unitsAtOnce: CHUNKS_IN_FLIGHT,
        async step(unit) {
          if (unit.kind === 'update') {
            await updateWords(fullRun, unit.entries);
            return;
          }
          const ready = await analyseChunk(fullRun, unit.entries);
          if (await context.shouldStop()) return;
          const words = await Promise.all(
            ready.map(({ entry, analysis }) => enrichWord(fullRun, entry, analysis)),
          );
          await saveChunk(fullRun, words, []);
        },
        async finish() {
          fullRun.imported.close();
          if (importFileId) await deps.discardImport?.(userId, importFileId);
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
