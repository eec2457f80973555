import type { z } from 'zod';
import {
  type AudiobookSentence,
  DICTIONARY_JOB_KINDS,
  type DictionaryJobKind,
  type MediaGalleryItem,
  type regenerateImageRequestSchema,
  type WordImage,
} from '../../../shared/api/dictionary';
import type { WordListItem } from '../../../shared/api/words';
import { stripLeadingArticle } from '../../../shared/text/duplicate-key';
import { AppError, notFound } from '../../http/app-error';
import { unbounded } from '../../lib/concurrency';
import type { MediaStore } from '../../media/media-store';
import { ProviderError } from '../../providers/provider-error';
import type { JobInput, WordPicturesJobInput } from '../../../shared/api/jobs';
import type { JobStarter } from '../../lib/job-starter';
import type { UserProviders } from '../providers/user-providers';
import type { SettingsService } from '../settings/settings.service';
import type { SpeechService } from '../speech/speech.service';
import { analyseWords } from '../enrichment/word-analysis.step';
import { cardVoices } from '../enrichment/card-audio.step';
import type { WordsService } from '../words/words.service';
import type { DictionaryRepository } from './dictionary.repository';
import { savePhraseWithAudio } from '../enrichment/phrase-with-audio.step';
import { pictureLookOf, saveNewWordPicture } from '../enrichment/word-picture.step';

type RegenerateImageRequest = z.output<typeof regenerateImageRequestSchema>;

/** More than any dialog shows; a word common in every book should not answer thousands of rows. */
const MAX_SENTENCES = 200;

const missingWord = () => notFound('word_not_found');
const noLanguageModel = () => new AppError('language_model_missing', 400);

/**
 * The forms a word takes in running text, for finding it in audiobook sentences: without its article,
 * and for a verb in -ar/-er/-ir also its stem (spec: the highlight stems such verbs), so "hablar" finds
 * "hablamos". Stems shorter than three letters would match almost anything and are left out.
 */
function sentenceForms(spanish: string): string[] {
  const bare = stripLeadingArticle(spanish).trim().toLocaleLowerCase('es');
  if (!bare) return [];
  const stem = /^[^\s]+(?:ar|er|ir)$/.test(bare) ? bare.slice(0, -2) : null;
  return stem && stem.length >= 3 ? [bare, stem] : [bare];
}

/**
 * The dictionary screen (docs/product/dictionary.md#screen, docs/product/dictionary.md#word-card,
 * docs/product/dictionary.md#maintenance-actions).
 */
export function createDictionaryService(deps: {
  dictionary: DictionaryRepository;
  wordsService: WordsService;
  jobStarter: JobStarter;
  userProviders: UserProviders;
  settingsService: SettingsService;
  speechService: SpeechService;
  mediaStore: MediaStore;
}) {
  const { dictionary, jobStarter } = deps;

  async function findWord(userId: string, wordId: number) {
    const word = await dictionary.findWord(userId, wordId);
    if (!word) throw missingWord();
    return word;
  }

  /** One run of each kind at a time: a second start replaces the first rather than racing it. */
  async function startJob<TKind extends DictionaryJobKind>(
    userId: string,
    kind: TKind,
    input: JobInput<TKind>,
    total: number,
  ) {
    await jobStarter.cancelUnfinished(userId, kind);
    return jobStarter.start(userId, kind, input, total);
  }

  return {
    /** The word card's gallery, newest first, with the word's current picture even without a library row. */
    async listImages(userId: string, wordId: number): Promise<WordImage[]> {
      const word = await findWord(userId, wordId);
      const pictures = (await dictionary.listPictures(userId, wordId)).map((picture) => ({
        id: picture.id,
        url: picture.imageUrl,
        styleId: picture.styleId,
        imageFormat: picture.imageFormat,
        createdAt: picture.createdAt.toISOString(),
        isPrimary: picture.imageUrl === word.imageUrl,
      }));
      if (word.imageUrl && !pictures.some((picture) => picture.isPrimary)) {
        // Pictures from before the library (imported data) have no row; id 0 is never a row's.
        pictures.unshift({
          id: 0,
          url: word.imageUrl,
          styleId: null,
          imageFormat: null,
          createdAt: word.createdAt.toISOString(),
          isPrimary: true,
        });
      }
      return pictures;
    },

    async setPrimaryImage(userId: string, wordId: number, imageId: number) {
      await findWord(userId, wordId);
      const picture = await dictionary.findPicture(userId, wordId, imageId);
      if (!picture) throw notFound('picture_not_found');
      if (!(await dictionary.setPicture(userId, wordId, picture.imageUrl, picture.styleName))) {
        throw missingWord();
      }
      return { imageUrl: picture.imageUrl };
    },

    async mediaGallery(userId: string, wordId: number): Promise<MediaGalleryItem[]> {
      await findWord(userId, wordId);
      return (await dictionary.listPictures(userId, wordId)).map((picture) => ({
        ...picture,
        createdAt: picture.createdAt.toISOString(),
      }));
    },

    async audiobookSentences(userId: string, wordId: number): Promise<AudiobookSentence[]> {
      const word = await findWord(userId, wordId);
      const sentences = await dictionary.findSentences(userId, sentenceForms(word.spanish), MAX_SENTENCES);
      return sentences.map((sentence) => ({ ...sentence, createdAt: sentence.createdAt.toISOString() }));
    },

    /**
     * A new picture through the learner's image provider (built-in without a key), kept in the library.
     * The dictionary names the style `imageStyle`, the Learn screen `style`. A word without a picture
     * gets a built-in one when the provider fails (docs/product/providers.md#fallback); a word that has
     * one keeps it, and the failure is the answer.
     */
    async regenerateImage(userId: string, wordId: number, request: RegenerateImageRequest) {
      const word = await findWord(userId, wordId);
      const settings = await deps.settingsService.get(userId);
      const providers = await deps.userProviders.forUser(userId);
      const look = pictureLookOf(request.imageStyle ?? request.style, settings);
      const fallback = word.imageUrl ? undefined : { onFallback: () => undefined };
      const { imageUrl, isSaved } = await saveNewWordPicture(
        { providers, mediaStore: deps.mediaStore, userId, dictionary, fallback },
        word,
        look,
      );
      if (!isSaved) throw missingWord();
      return { imageUrl };
    },

    /** A new example, its translation and highlights from the language model, then the card audio. */
    async regeneratePhrase(userId: string, wordId: number): Promise<WordListItem> {
      const word = await findWord(userId, wordId);
      const providers = await deps.userProviders.forUser(userId);
      if (!providers.languageModel) throw noLanguageModel();
      const settings = await deps.settingsService.get(userId);
      // Why no example came back, as a code the client renders inside 'phrase_failed'.
      let failure: { reason: string; provider?: string } | undefined;
      const analysis = (
        await analyseWords(
          [word],
          providers.languageModel,
          settings.vocabularyLevel,
          unbounded,
          (_, error) => {
            failure =
              error instanceof ProviderError
                ? { reason: error.code, provider: error.provider }
                : { reason: 'analysis_missing' };
          },
        )
      ).get(word);
      if (!analysis?.example) {
        throw new AppError('phrase_failed', 502, failure ?? { reason: 'phrase_no_example' });
      }
      const voices = await cardVoices(providers, settings.spanishVoices, settings.russianVoice);
      const isSaved = await savePhraseWithAudio(
        { dictionary, speechService: deps.speechService, userId, providers, voices, settings },
        word,
        { ...analysis, example: analysis.example },
      );
      if (!isSaved) throw missingWord();
      return deps.wordsService.get(userId, wordId);
    },

    async startRegenerateAllPhrases(userId: string) {
      if (!(await deps.userProviders.forUser(userId)).languageModel) throw noLanguageModel();
      const totalWords = await dictionary.countActiveWords(userId);
      const jobId = await startJob(userId, DICTIONARY_JOB_KINDS.regenerateAllPhrases, {}, totalWords);
      return { jobId, totalWords };
    },

    async startClearExpiredImages(userId: string) {
      const totalWords = await dictionary.countWordsWithImage(userId);
      const jobId = await startJob(userId, DICTIONARY_JOB_KINDS.clearExpiredImages, {}, totalWords);
      return { jobId, totalWords };
    },

    async startRegenerateAllImages(userId: string) {
      const totalWords = await dictionary.countWords(userId);
      const input: WordPicturesJobInput = { imageStyle: null };
      const jobId = await startJob(userId, DICTIONARY_JOB_KINDS.regenerateAllImages, input, totalWords);
      return { jobId, totalWords, regeneratedCount: totalWords };
    },

    async startGenerateMissingImages(userId: string) {
      const totalWords = await dictionary.countWordsWithoutImage(userId);
      const input: WordPicturesJobInput = { imageStyle: null };
      const jobId = await startJob(userId, DICTIONARY_JOB_KINDS.generateMissingImages, input, totalWords);
      return { jobId, totalWords, generated: totalWords };
    },

    async startUpdateTags(userId: string) {
      const [queued, total] = await Promise.all([
        dictionary.countWordsMissingTags(userId),
        dictionary.countWords(userId),
      ]);
      const jobId = await startJob(userId, DICTIONARY_JOB_KINDS.updateTags, {}, queued);
      return { jobId, totalWords: queued, updated: queued, total };
    },

    async deleteAllAudio(userId: string) {
      const deletedCount = await dictionary.deleteAllAudio(userId);
      return { deletedCount, message: `Удалено аудиофайлов: ${deletedCount}` };
    },

    async resetListenCount(userId: string) {
      const { reset, undoToken } = await deps.wordsService.resetListenCounts(userId);
      return { reset, undoToken, message: `Счетчик сброшен (слов: ${reset})` };
    },

    async deleteWithoutImages(userId: string) {
      return { deletedCount: await dictionary.deleteWordsWithoutImage(userId) };
    },
  };
}
export type DictionaryService = ReturnType<typeof createDictionaryService>;
