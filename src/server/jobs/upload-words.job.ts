import { JOB_KINDS, type UploadJobInput } from '../../shared/api/jobs';
import type { CardAudio } from '../../shared/api/learn';
import type { Settings } from '../../shared/api/settings';
import type { UploadFill, UploadResults } from '../../shared/api/uploads';
import { drawableFormat, resolvePictureStyle } from '../../shared/catalogs/image-styles';
import { createLimiter, type Limiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import {
  CARD_AUDIO_SLOTS,
  type CardVoices,
  cardVoices,
  speakCard,
} from '../modules/enrichment/card-audio.step';
import { drawWordPicture } from '../modules/enrichment/word-picture.step';
import {
  analyseWords,
  emptyAnalysis,
  type LocalAnalysis,
  localAnalysis,
  needsAnalysis,
} from '../modules/enrichment/word-analysis.step';
import type { ProviderPauses } from '../modules/providers/provider-pauses';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import { type ImportedWords, type ImportFiles, openImport } from '../modules/transfer/imported-words.step';
import {
  findDuplicates,
  type PreparedEntry,
  type WordUpdate,
} from '../modules/uploads/upload-duplicates.step';
import { createUploadReport, type UploadReport } from '../modules/uploads/upload-report';
import { addWordsOfJob, saveWords } from '../modules/uploads/upload-save.step';
import { fillsWithoutModel } from '../modules/uploads/upload-fills';
import { createUploadTally, type UploadTally } from '../modules/uploads/upload-tally';
import type { NewWord, UploadsRepository } from '../modules/uploads/uploads.repository';
import { isCircuitOpen, isProviderError } from '../providers/provider-error';
import type { ProviderSet } from '../providers/provider-set';
import { UPLOAD_CHUNK_SIZE, UPLOAD_PROVIDER_LIMITS } from '../lib/job-limits';
import { chunksOf } from './dictionary-job';
import { failureOf, JOB_ERROR_CODES } from '../http/job-failure';
import type { JobContext, JobDefinition } from './job-runtime';
import { emptyUploadResults, uploadInput, uploadResults } from './upload-words.data';

export const UPLOAD_WORDS_JOB = JOB_KINDS.uploadWords;
/** Chunks in flight at once: analysis of the next overlaps pictures and audio of the previous ones. */
const CHUNKS_IN_FLIGHT = 6;
/** Uploads of different learners run side by side; one long list never queues everyone else's. */
const UPLOADS_AT_ONCE = 4;

/** A word the upload adds, with the line it came from (for the report). */
type AddedWord = NewWord & { lineNumber: number; filled: UploadFill[] };

type Unit = { kind: 'add'; entries: PreparedEntry[] } | { kind: 'update'; entries: WordUpdate[] };

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
  /** An import's stored file: its rows and media (docs/product/transfer.md#imports). */
  importFiles?: ImportFiles;
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
  /** Stage 10 (upload-save.step.ts): a chunk's words saved with the checkpoint, then counted. */
  save(
    inserted: readonly AddedWord[],
    updated: ReadonlyArray<NewWord & { existingWordId: number }>,
  ): Promise<void>;
  /** The report so far: words saved, duplicates, errors, fallbacks; and the lines its stages write. */
  results: UploadResults;
  report: UploadReport;
  tally: UploadTally;
  /** Set once a word is saved without one of its clips: the built-in clips job has work. */
  leftClips: { value: boolean };
  /** What the rows themselves bring: an import's fields and its package's files. */
  imported: ImportedWords;
}

/**
 * Stages 2–5: translation, analysis, example phrases, CEFR level and tags — one language-model request
 * per chunk, for the rows that lack something. Answers the words that have a translation; the others are
 * reported and counted as failed.
 */
async function analyseChunk(run: UploadRun, chunk: PreparedEntry[]) {
  const analyses = await analyseWords(
    chunk.filter(needsAnalysis),
    run.languageModel,
    run.settings.vocabularyLevel,
    run.limiters.languageModel,
    (entry, error) => {
      if (isCircuitOpen(error)) run.report.stoppedProvider(error);
      else run.report.error(entry, 'analysis', failureOf(error));
    },
  );
  const ready: Array<{ entry: PreparedEntry; analysis: LocalAnalysis; isByModel: boolean }> = [];
  for (const entry of chunk) {
    const analysis = analyses.get(entry);
    // Without a language model a Spanish-only line is kept, its translation left to the learner
    // (docs/product/upload.md#spanish-only-lines); a model that failed it is an error of the line.
    if (!entry.russian && !analysis?.russian && run.languageModel) {
      run.report.error(entry, 'translation', { code: JOB_ERROR_CODES.translationFailed });
      run.tally.lineFailed();
      continue;
    }
    if (!entry.russian && analysis?.russian) run.tally.complete('translation');
    ready.push({
      entry,
      analysis: analysis ?? (run.rules.isVerbatim ? emptyAnalysis(entry) : localAnalysis(entry)),
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
async function drawPicture(
  run: UploadRun,
  entry: PreparedEntry,
  subject: { spanish: string; russian: string },
) {
  const { input, userId } = run.context;
  if (!input.generateImages) return null;
  const style = resolvePictureStyle(input.imageStyle ?? run.settings.defaultImageStyle);
  const format = drawableFormat(run.settings.imageFormat);
  try {
    const url = await drawWordPicture(
      {
        providers: run.providers,
        mediaStore: run.deps.mediaStore,
        userId,
        limiter: run.limiters.images,
        fallback: { onFallback: (error) => run.report.fallback(entry, 'images', error) },
      },
      subject,
      style,
      format,
    );
    run.tally.complete('images');
    return { url, style, format };
  } catch (error) {
    run.report.error(entry, 'images', failureOf(error));
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
async function enrichWord(
  run: UploadRun,
  entry: PreparedEntry,
  analysis: LocalAnalysis,
  isByModel: boolean,
): Promise<AddedWord> {
  const given = await run.imported.given(entry);
  for (const { stage, failure } of given.failures) run.report.error(entry, stage, failure);
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
              if (isProviderError(error)) run.report.fallback(entry, 'audio', error);
              else run.report.error(entry, 'audio', failureOf(error));
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
  const partOfSpeech = given.fields.partOfSpeech ?? analysis.partOfSpeech;
  return {
    lineNumber: entry.lineNumber,
    filled: isByModel ? [] : fillsWithoutModel(entry.spanish, { spanish, partOfSpeech }, given.fields),
    spanish,
    russian,
    needsTranslation: !russian,
    duplicateKey: entry.duplicateKey,
    example,
    exampleTranslation,
    highlightedSpanishWord: isModelExample ? analysis.highlightedSpanishWord : null,
    highlightedRussianWord: isModelExample ? analysis.highlightedRussianWord : null,
    partOfSpeech,
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
      const { userId, checkpoint } = context;
      // An import's rows come from its file; an upload's are in its input.
      const opened = await openImport(
        { files: deps.importFiles, mediaStore: deps.mediaStore, userId },
        context.input,
      );
      const { input } = opened;
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const results: UploadResults = checkpoint ?? emptyUploadResults();
      const report = createUploadReport(results, (error) => deps.providerPauses?.noteFailure(userId, error));
      // Reported once, on the first run: a key another instance sealed serves as none, never in silence.
      if (!checkpoint) report.firstLines(input.rejected, providers.unreadableKeys);
      const rules = rulesOf(input);
      const run: Omit<UploadRun, 'tally' | 'save'> = {
        report,
        imported: opened.imported,
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
        results,
      };
      // The tally's totals need the duplicates step's answer.
      const left = await findDuplicates(
        { uploads: deps.uploads, userId, jobId: context.jobId },
        input.entries,
        results,
        { updatesExisting: rules.updatesExisting, isResumed: checkpoint !== null },
      );
      if (checkpoint)
        report.forgetLines(new Set([...left.adds, ...left.updates].map((entry) => entry.lineNumber)));
      const tally = createUploadTally(
        { input, reportProgress: (progress) => context.reportProgress(progress) },
        left,
        checkpoint !== null,
        run.languageModel !== null,
      );
      const saving = createLimiter(1);
      const fullRun: UploadRun = {
        ...run,
        tally,
        save: (inserted, updated) =>
          saveWords(
            {
              uploads: deps.uploads,
              userId,
              jobId: context.jobId,
              ownerInstanceId: context.ownerInstanceId,
              encodeCheckpoint: (value) => context.encodeCheckpoint(value),
              saving,
              tally,
            },
            results,
            inserted,
            updated,
          ),
      };
      await tally.report('duplicates', null);

      return {
        units: [
          ...chunksOf(left.updates, UPLOAD_CHUNK_SIZE).map((entries): Unit => ({ kind: 'update', entries })),
          ...chunksOf(left.adds, UPLOAD_CHUNK_SIZE).map((entries): Unit => ({ kind: 'add', entries })),
        ],
        unitsAtOnce: CHUNKS_IN_FLIGHT,
        async step(unit) {
          if (unit.kind === 'update') {
            const { words, failures } = await fullRun.imported.updates(unit.entries);
            for (const { entry, stage, failure } of failures) report.error(entry, stage, failure);
            await fullRun.save([], words);
            return;
          }
          const ready = await analyseChunk(fullRun, unit.entries);
          if (await context.shouldStop()) return;
          const words = await Promise.all(
            ready.map(({ entry, analysis, isByModel }) => enrichWord(fullRun, entry, analysis, isByModel)),
          );
          await fullRun.save(words, []);
        },
        async finish() {
          await opened.finish();
          await tally.report('saving', null);
          await addWordsOfJob(deps.uploads, userId, context.jobId, results);
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
