import { z } from 'zod';
import {
  CREATION_COUNTERS,
  CREATION_STEPS,
  type CreateAudiobookResults,
  type CreationCounters,
  type CreationStep,
  createAudiobookResultsSchema,
} from '../../shared/api/audiobook-jobs';
import { type CreateAudiobookInput, createAudiobookInputSchema, JOB_KINDS } from '../../shared/api/jobs';
import { drawableFormat, resolveImageStyle } from '../../shared/catalogs/image-styles';
import type { stageCountSchema } from '../../shared/realtime';
import { createLimiter } from '../lib/concurrency';
import type { MediaStore } from '../media/media-store';
import type { AudiobookCreationRepository } from '../modules/audiobooks/audiobook-creation.repository';
import { chapterCountFor, CHAPTER_WORDS, writeChapter } from '../modules/audiobooks/story-writer';
import { chooseStoryWords, wordsOfChapter } from '../modules/audiobooks/word-choice';
import { countWords, createWordUsageMatcher } from '../modules/audiobooks/word-usage';
import type { WordUsageRepository } from '../modules/audiobooks/word-usage.repository';
import { cardVoices } from '../modules/enrichment/card-audio.step';
import { drawWordPicture } from '../modules/enrichment/word-picture.step';
import type { UserProviders } from '../modules/providers/user-providers';
import type { SettingsService } from '../modules/settings/settings.service';
import type { SpeechService } from '../modules/speech/speech.service';
import { jobData } from './job-data';
import { failureOf, isFatalFailure, JOB_ERROR_CODES, JobFailure } from '../http/job-failure';
import type { JobDefinition } from './job-runtime';
import { UPLOAD_PROVIDER_LIMITS } from '../lib/job-limits';

/**
 * Writing an audiobook (docs/product/audiobooks.md#creation): the eight steps as progress stages, the
 * story one chapter per unit (each saved as it arrives), then the first voice's clips, the pictures and
 * the finishing counts. A restart resumes after the last chapter stored; a failure marks the book failed.
 */

/** The results so far plus what a resumed run needs; reads as results too (the runtime's rule). */
const checkpointSchema = createAudiobookResultsSchema.extend({
  chosenWordIds: z.array(z.number().int()),
  dueWordIds: z.array(z.number().int()),
  chaptersDone: z.number().int(),
  /** The order index the next chapter's first sentence takes. */
  nextOrderIndex: z.number().int(),
  storySoFar: z.array(z.string()),
  /** The title the book had when the run began: the model's replaces it unless the learner renamed it. */
  workingTitle: z.string(),
  stages: z.array(
    z.object({
      name: z.string(),
      completed: z.number().int(),
      total: z.number().int(),
      skipped: z.object({ reason: z.string() }).optional(),
    }),
  ),
});
type Checkpoint = z.infer<typeof checkpointSchema>;

export const createAudiobookInput = jobData('audiobook creation input', createAudiobookInputSchema);
const checkpointData = jobData('audiobook creation checkpoint', checkpointSchema);
const resultsData = jobData('audiobook creation results', createAudiobookResultsSchema);

type StageCount = z.infer<typeof stageCountSchema>;
type Unit =
  { kind: 'chapter'; index: number } | { kind: 'audio' } | { kind: 'images' } | { kind: 'finalize' };

/** Clips and pictures a book asks for at once: the upload's bounds would let one book starve others. */
const CLIPS_AT_ONCE = Math.min(8, UPLOAD_PROVIDER_LIMITS.speech);
const PICTURES_AT_ONCE = Math.min(4, UPLOAD_PROVIDER_LIMITS.images);

const zeroCounters = (): CreationCounters =>
  Object.fromEntries(CREATION_COUNTERS.map((name) => [name, 0])) as CreationCounters;

const emptyStages = (): StageCount[] => CREATION_STEPS.map((name) => ({ name, completed: 0, total: 0 }));

export function createCreateAudiobookJob(deps: {
  creation: AudiobookCreationRepository;
  wordUsage: WordUsageRepository;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  mediaStore: MediaStore;
  /** Ids of the learner's words due for spaced repetition today. */
  dueWordIds: (userId: string) => Promise<number[]>;
}): JobDefinition<CreateAudiobookInput, Checkpoint, CreateAudiobookResults, Unit> {
  const { creation } = deps;
  return {
    kind: JOB_KINDS.createAudiobook,
    input: createAudiobookInput,
    checkpoint: checkpointData,
    results: resultsData,
    async plan(context) {
      const { userId, input } = context;
      const bookId = input.audiobookId;
      const isBookGone = async () => (await creation.findBook(userId, bookId)) === undefined;

      let state: Checkpoint;
      const publish = async (step: CreationStep, change: Partial<StageCount> = {}) => {
        const stage = state.stages.find((entry) => entry.name === step);
        if (stage) Object.assign(stage, change);
        const finishedSteps = state.stages.filter(
          (entry) => entry.skipped !== undefined || (entry.total > 0 && entry.completed >= entry.total),
        ).length;
        const snapshot = structuredClone(state);
        await context.reportProgress(
          {
            total: CREATION_STEPS.length,
            processed: finishedSteps,
            stage: step,
            stages: structuredClone(state.stages),
            counters: { ...state.counters },
          },
          () => snapshot,
        );
      };
      const count = (counter: keyof CreationCounters, by = 1) => {
        state.counters[counter] += by;
      };

      /** Any failure of this run: the book is marked failed with it (unless it was deleted), then the job. */
      const failBook = async (error: unknown): Promise<never> => {
        if (!(await isBookGone())) await creation.markFailed(userId, bookId, failureOf(error));
        throw error;
      };

      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const languageModel =
        providers.languageModel ??
        (await failBook(new JobFailure({ code: JOB_ERROR_CODES.audiobookLanguageModelMissing })));
      const book = await creation.findBook(userId, bookId);
      // Deleted before its job began: nothing to write.
      if (!book) {
        return {
          units: [],
          unitsAtOnce: 1,
          step: async () => undefined,
          finish: async () => ({ audiobookId: bookId, counters: zeroCounters() }),
        };
      }

      // 1. Load dictionary.
      const dictionary = await creation.listWords(userId);
      const dueIds = new Set(context.checkpoint?.dueWordIds ?? (await deps.dueWordIds(userId)));
      const chapterCount = chapterCountFor(input.targetWordCount);

      if (context.checkpoint) {
        state = context.checkpoint;
        // What the interrupted run stored after its last checkpoint is written again.
        await creation.dropSentencesFrom(userId, bookId, state.nextOrderIndex);
      } else {
        state = {
          audiobookId: bookId,
          counters: zeroCounters(),
          chosenWordIds: [],
          dueWordIds: [...dueIds],
          chaptersDone: 0,
          nextOrderIndex: 0,
          storySoFar: [],
          workingTitle: book.title,
          stages: emptyStages(),
        };
        await publish('loadDictionary', { completed: dictionary.length, total: dictionary.length });
        if (dictionary.length === 0)
          await failBook(new JobFailure({ code: JOB_ERROR_CODES.audiobookNoWords }));

        // 2. Select words.
        const chosen = chooseStoryWords(
          dictionary.map((word) => ({
            ...word,
            isPassive: word.disabledAt !== null,
            isDue: dueIds.has(word.id),
          })),
          input.targetWordCount,
        );
        state.chosenWordIds = chosen.map((word) => word.id);
        await publish('selectWords', { completed: chosen.length, total: chosen.length });

        // 3. Create record: the dictionary's totals the book's counters are read against.
        const passive = dictionary.filter((word) => word.disabledAt !== null).length;
        await creation.recordTotals(userId, bookId, { active: dictionary.length - passive, passive });
        await publish('createRecord', { completed: 1, total: 1 });
        await publish('generateStory', { completed: 0, total: chapterCount });
      }

      const wordsById = new Map(dictionary.map((word) => [word.id, word]));
      const chosenWords = state.chosenWordIds.flatMap((id) => {
        const word = wordsById.get(id);
        return word ? [word] : [];
      });
      const matcher = createWordUsageMatcher(dictionary);
      const usedIds = new Set<number>();
      const noteUsage = (sentences: readonly { spanish: string; russian: string }[]) => {
        for (const sentence of sentences) for (const id of matcher.wordsIn(sentence)) usedIds.add(id);
        state.counters.wordsUsed = usedIds.size;
        state.counters.dueWordsUsed = [...usedIds].filter((id) => dueIds.has(id)).length;
      };
      if (state.nextOrderIndex > 0) noteUsage(await creation.sentences(userId, bookId));

      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const hasSpeechKey = providers.speech.resolve(voices.firstSpanish, 'es-MX').provider !== 'builtin';
      const style = resolveImageStyle(input.imageStyle ?? settings.defaultAudiobookImageStyle);
      const format = drawableFormat(settings.imageFormat);

      const writeNextChapter = async (index: number) => {
        const chapter = await writeChapter(
          languageModel,
          {
            genres: input.genres,
            level: input.grammarLevel,
            chapterIndex: index,
            chapterCount,
            wordTarget: Math.min(CHAPTER_WORDS, input.targetWordCount - index * CHAPTER_WORDS),
            words: wordsOfChapter(chosenWords, index, chapterCount),
            storySoFar: state.storySoFar.join(' '),
            requirements: settings.audiobookRequirements,
          },
          (usage) => {
            count('languageModelRequests');
            if (usage) count('languageModelTokens', usage.totalTokens);
          },
        ).catch((error: unknown) => {
          const failure = failureOf(error);
          // A wrong key keeps its own code; any other failure of the chapter is the story's.
          throw isFatalFailure(failure)
            ? error
            : new JobFailure({ code: JOB_ERROR_CODES.storyFailed, params: { chapter: index + 1 } });
        });
        if (index === 0 && chapter.title)
          await creation.retitle(userId, bookId, state.workingTitle, chapter.title);
        const sentences = chapter.sentences.map((sentence, offset) => ({
          orderIndex: state.nextOrderIndex + offset,
          spanish: sentence.spanish,
          russian: sentence.russian,
        }));
        await creation.appendSentences(userId, bookId, sentences);
        count('chaptersGenerated');
        count('sentencesSaved', sentences.length);
        count('translationsStored', sentences.filter((sentence) => sentence.russian !== '').length);
        noteUsage(sentences);
        state.chaptersDone = index + 1;
        state.nextOrderIndex += sentences.length;
        state.storySoFar.push(chapter.summary);
        // How many sentences the story has is known only once its last chapter is in: until then the
        // step counts what it saved, with no total, and is not finished.
        await publish('saveSentences', {
          completed: state.counters.sentencesSaved,
          total: state.chaptersDone === chapterCount ? state.counters.sentencesSaved : 0,
        });
        await publish('generateStory', { completed: state.chaptersDone, total: chapterCount });
      };

      const makeAudio = async () => {
        if (!hasSpeechKey) {
          // Built-in voices are made when a sentence is first played (docs/product/upload.md#built-in-clips-on-demand).
          await publish('createAudio', { skipped: { reason: 'builtin_voices_on_demand' } });
          return;
        }
        const sentences = await creation.sentences(userId, bookId);
        const limit = createLimiter(CLIPS_AT_ONCE);
        let done = sentences.filter((sentence) => sentence.audioData !== null).length;
        await publish('createAudio', { completed: done, total: sentences.length });
        await Promise.all(
          sentences
            .filter((sentence) => sentence.audioData === null)
            .map((sentence) =>
              limit(async () => {
                if (await context.shouldStop()) return;
                count('clipsRequested');
                try {
                  const clip = await deps.speechService.speakWith(userId, providers, {
                    text: sentence.spanish,
                    voiceId: voices.firstSpanish,
                    language: 'es-MX',
                    speed: settings.speechSpeed,
                    intonationStyle: settings.intonationStyle,
                    voiceStyle: settings.defaultVoiceStyle,
                    isBackground: true,
                  });
                  if (!clip.cached) count('speechRequests');
                  await creation.setSentenceAudio(userId, sentence.id, clip.audio, {
                    voiceId: clip.voiceId,
                    speed: settings.speechSpeed,
                    intonationStyle: clip.delivery,
                    model: clip.model,
                  });
                } catch {
                  // A clip that fails is made again when the sentence is first played.
                  count('speechRequests');
                }
                done += 1;
                await publish('createAudio', { completed: done, total: sentences.length });
              }),
            ),
        );
      };

      const makePictures = async () => {
        if (!settings.autoGenerateImages) {
          await publish('generateImages', { skipped: { reason: 'auto_images_off' } });
          return;
        }
        const sentences = (await creation.sentences(userId, bookId)).filter(
          (sentence) => sentence.orderIndex % input.imageStep === 0,
        );
        const limit = createLimiter(PICTURES_AT_ONCE);
        let done = sentences.filter((sentence) => sentence.imageData !== null).length;
        await publish('generateImages', { completed: done, total: sentences.length });
        await Promise.all(
          sentences
            .filter((sentence) => sentence.imageData === null)
            .map((sentence) =>
              limit(async () => {
                if (await context.shouldStop()) return;
                try {
                  const image = await drawWordPicture(
                    {
                      providers,
                      mediaStore: deps.mediaStore,
                      userId,
                      fallback: { onFallback: () => undefined },
                    },
                    { spanish: sentence.spanish, russian: sentence.russian },
                    style,
                    format,
                  );
                  await creation.setSentenceImage(userId, sentence.id, image, style.key);
                  count('imagesStored');
                } catch {
                  // Even the built-in picture failed: the sentence is shown without one.
                }
                done += 1;
                await publish('generateImages', { completed: done, total: sentences.length });
              }),
            ),
        );
      };

      const finalize = async () => {
        await publish('finalize', { completed: 0, total: 1 });
        const sentences = await creation.sentences(userId, bookId);
        noteUsage(sentences);
        const spanishWords = sentences.reduce((sum, sentence) => sum + countWords(sentence.spanish), 0);
        const russianWords = sentences.reduce((sum, sentence) => sum + countWords(sentence.russian), 0);
        const used = [...usedIds].flatMap((id) => {
          const word = wordsById.get(id);
          return word ? [{ wordId: id, isActive: word.disabledAt === null }] : [];
        });
        const activeUsed = used.filter((word) => word.isActive).length;
        await deps.wordUsage.replaceWordsUsed(userId, bookId, used);
        const isFinished = await creation.finish(userId, bookId, {
          actualWordCount: spanishWords,
          actualWordCountSpanish: spanishWords,
          actualWordCountRussian: russianWords,
          actualWordCountTotal: spanishWords + russianWords,
          activeWordsUsed: activeUsed,
          passiveWordsUsed: used.length - activeUsed,
          wordsUsedActive: activeUsed,
          wordsUsedDisabled: used.length - activeUsed,
          sentenceCount: sentences.length,
          mainAudioCount: sentences.filter((sentence) => sentence.audioData !== null).length,
          imageCount: sentences.filter((sentence) => sentence.imageData !== null).length,
          coverImageData: sentences.find((sentence) => sentence.imageData !== null)?.imageData ?? null,
          verificationCompleted: true,
        });
        if (isFinished) await publish('finalize', { completed: 1, total: 1 });
      };

      const units: Unit[] = [
        ...Array.from({ length: chapterCount - state.chaptersDone }, (_, offset) => ({
          kind: 'chapter' as const,
          index: state.chaptersDone + offset,
        })),
        { kind: 'audio' },
        { kind: 'images' },
        { kind: 'finalize' },
      ];

      return {
        units,
        // The story is sequential: each chapter is written knowing the ones before.
        unitsAtOnce: 1,
        async step(unit) {
          try {
            switch (unit.kind) {
              case 'chapter':
                return await writeNextChapter(unit.index);
              case 'audio':
                return await makeAudio();
              case 'images':
                return await makePictures();
              case 'finalize':
                return await finalize();
            }
          } catch (error) {
            // Deleted while being written: the learner's delete cancelled this job; nothing to mark.
            if (await isBookGone()) return;
            await failBook(error);
          }
        },
        async finish() {
          return { audiobookId: bookId, counters: { ...state.counters } };
        },
      };
    },
  };
}
