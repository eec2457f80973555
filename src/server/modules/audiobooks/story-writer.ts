import { z } from 'zod';
import type { AudiobookLevel } from '../../../shared/catalogs/audiobook-genres';
import { isFatalFailure } from '../../http/job-failure';
import type { LanguageModel, TokenUsage } from '../../providers/language-model';
import { isProviderError, providerFailure } from '../../providers/provider-error';

/**
 * One chapter of a story, written by the language model with structured output
 * (docs/product/audiobooks.md#creation, step 4): a title, a summary for the next chapter, and sentences
 * with Spanish, Russian and the dictionary words the model says it used (checked later by stemming).
 */

/** About this many Spanish words per chapter: short enough for one reliable answer. */
export const CHAPTER_WORDS = 200;
/** A chapter that fails or answers malformed JSON is asked again: three attempts in all. */
export const CHAPTER_ATTEMPTS = 3;

const chapterSchema = z.object({
  title: z.string().min(1).max(300),
  summary: z.string().max(4000),
  sentences: z
    .array(
      z.object({
        spanish: z.string().min(1).max(2000),
        russian: z.string().min(1).max(2000),
        wordsUsed: z.array(z.string().max(200)).max(50),
      }),
    )
    .min(1)
    .max(200),
});

export interface ChapterSentence {
  spanish: string;
  russian: string;
  claimedWords: string[];
}

export interface WrittenChapter {
  title: string;
  summary: string;
  sentences: ChapterSentence[];
}

export interface ChapterRequest {
  /** Genre labels as the model should read them. */
  genres: readonly string[];
  level: AudiobookLevel;
  chapterIndex: number;
  chapterCount: number;
  /** Spanish words this chapter should have. */
  wordTarget: number;
  words: readonly { spanish: string; russian: string }[];
  /** What happened so far (the previous chapters' summaries); empty for the first chapter. */
  storySoFar: string;
  /** The learner's own wishes from Settings (audiobookRequirements); may be empty. */
  requirements: string;
}

/** How many chapters a book of this length is written in. */
export const chapterCountFor = (targetWordCount: number): number =>
  Math.max(1, Math.ceil(targetWordCount / CHAPTER_WORDS));

/** Markdown emphasis a model adds around the vocabulary words; the story is plain text. */
const plain = (text: string): string => text.replaceAll('**', '').replace(/\s+/g, ' ').trim();

const SYSTEM = [
  'You write graded Spanish stories for Russian speakers learning Spanish.',
  'Write natural Spanish at the requested CEFR grammar level, one sentence per item,',
  'each with a faithful Russian translation. Use the given vocabulary words naturally,',
  'list in wordsUsed the vocabulary words (as given) each sentence uses, and keep the plot',
  'consistent with the story so far. Do not use markdown.',
].join(' ');

function promptOf(request: ChapterRequest): string {
  // The vocabulary goes first, as one JSON array: the model (and any compatible endpoint) reads it as data.
  const lines = [
    JSON.stringify(request.words.map((word) => ({ spanish: word.spanish, russian: word.russian }))),
    `Vocabulary words to use in this chapter are listed above.`,
    `Chapter ${request.chapterIndex + 1} of ${request.chapterCount}, about ${request.wordTarget} Spanish words.`,
    `Genres: ${request.genres.join('; ')}.`,
    `Grammar level: ${request.level}.`,
    request.storySoFar
      ? `Story so far: ${request.storySoFar}`
      : 'This is the beginning of the story: give the whole book its title.',
    request.chapterIndex === request.chapterCount - 1
      ? 'This is the last chapter: bring the story to an end.'
      : 'The story continues after this chapter: do not end it yet.',
    ...(request.requirements.trim() ? [`The learner asks: ${request.requirements.trim()}`] : []),
    'summary: two or three sentences in English on what happened in this chapter.',
  ];
  return lines.join('\n');
}

export interface ChapterOutcome {
  chapter: WrittenChapter;
  /** Calls made, failed ones included. */
  requests: number;
  tokens: number;
}

/**
 * Writes one chapter, asking again (up to CHAPTER_ATTEMPTS in all) when the call fails or the answer is
 * malformed or has no usable sentence. A wrong key or an empty account is not asked again: it would fail
 * the same way. The last failure is thrown; `onRequest` hears every call as it ends.
 */
export async function writeChapter(
  languageModel: LanguageModel,
  request: ChapterRequest,
  onRequest: (usage: TokenUsage | null) => void,
): Promise<WrittenChapter> {
  let lastError: unknown;
  for (let attempt = 1; attempt <= CHAPTER_ATTEMPTS; attempt += 1) {
    try {
      const answer = await languageModel.completeJson({
        schemaName: 'audiobook_chapter',
        schema: chapterSchema,
        system: SYSTEM,
        prompt: promptOf(request),
        temperature: 0.8,
      });
      onRequest(answer.usage);
      const sentences = answer.value.sentences
        .map((sentence) => ({
          spanish: plain(sentence.spanish),
          russian: plain(sentence.russian),
          claimedWords: sentence.wordsUsed.map(plain).filter(Boolean),
        }))
        .filter((sentence) => sentence.spanish !== '' && sentence.russian !== '');
      if (sentences.length === 0) {
        lastError = new Error('a chapter without sentences');
        continue;
      }
      return { title: plain(answer.value.title), summary: plain(answer.value.summary), sentences };
    } catch (error) {
      if (!isProviderError(error)) throw error;
      onRequest(null);
      lastError = error;
      if (isFatalFailure(providerFailure(error))) break;
    }
  }
  throw lastError;
}
