import { z } from 'zod';
import { CEFR_LEVELS, PARTS_OF_SPEECH, type PartOfSpeech } from '../../../shared/catalogs/word-tags';
import { stripLeadingArticle } from '../../../shared/text/duplicate-key';
import type { Limiter } from '../../lib/concurrency';
import type { LanguageModel } from '../../providers/language-model';
import { ProviderError } from '../../providers/provider-error';
import { closedClassOf } from './spanish-closed-class';
import { definiteArticleOf, knownNoun } from './spanish-nouns';

/**
 * One language-model answer per chunk of up to 20 words (docs/product/upload.md#stages); nullable, never
 * optional.
 */
export const analysisAnswerSchema = z.object({
  words: z.array(
    z.object({
      spanish: z.string(),
      article: z.enum(['el', 'la', 'los', 'las']).nullable(),
      russian: z.string(),
      partOfSpeech: z.enum(PARTS_OF_SPEECH),
      cefrLevel: z.enum(CEFR_LEVELS),
      theme: z.string(),
      example: z.string(),
      exampleTranslation: z.string(),
      highlightedSpanishWord: z.string(),
      highlightedRussianWord: z.string(),
    }),
  ),
});
export type WordAnalysis = z.infer<typeof analysisAnswerSchema>['words'][number];

export function analysisSystemPrompt(vocabularyLevel: number): string {
  return [
    'You are a Spanish teacher preparing flashcards for Russian speakers.',
    'For every input item, in the same order, answer:',
    'spanish: the input exactly; article: the definite article of a noun (el, la, los, las), null for anything else;',
    'russian: the given translation if there is one, else the most common Russian translation;',
    'partOfSpeech, cefrLevel (CEFR A1–C2), theme: one or two lower-case Russian words naming the topic (животные, еда, дом…);',
    `example: one natural Spanish sentence a learner who knows about ${vocabularyLevel} words understands, using the word, with the used form wrapped in ** (Mi **perro** come.);`,
    'exampleTranslation: its Russian translation with the Russian word wrapped in **;',
    'highlightedSpanishWord and highlightedRussianWord: the marked forms without the asterisks.',
  ].join(' ');
}

// Without a language model a field is filled only where the rules are sure: the closed classes first, then
// the committed noun list with its genders, then the infinitive's shape
// (docs/product/upload.md#analysis-without-a-language-model).
const INFINITIVE = /^[a-zñü]*(?:ar|er|ir|ír)(?:se)?$/;
/** -mente adverbs, but for the few adjectives spelt so. */
const MENTE_ADJECTIVES = new Set(['demente', 'clemente', 'inclemente', 'vehemente']);
/** The first Russian meaning's last word, as the learner typed it ("мочь, уметь" → "мочь"). */
const firstRussianWord = (russian: string | null) =>
  russian
    ?.split(/[,;/(]/)[0]
    ?.trim()
    .split(/\s+/)
    .at(-1)
    ?.toLocaleLowerCase('ru') ?? '';
const RUSSIAN_INFINITIVE = /(?:[аеиоуыяё]ть|ться|ти|тись|чь|чься)$/;
const RUSSIAN_ADJECTIVE = /(?:ый|ий|ой|ая|яя|ое|ее|ые|ие)$/;

/** What the word is without a language model: its part of speech and article, each only when sure. */
export interface WordClassWithoutModel {
  partOfSpeech: PartOfSpeech | null;
  /** The word with the article the app added; null when it adds none. */
  spanishWithArticle: string | null;
}

/**
 * A word's part of speech and article without a language model: a typed article makes a noun and is kept;
 * a closed-class word is never a noun; a listed noun gets the article of its one gender. A spelling that is
 * also an infinitive (poder) is the verb unless its Russian is a noun; one that is also an adjective (amigo,
 * joven) is a noun only when its Russian is neither adjective nor infinitive — else nothing is claimed.
 */
export function wordClassWithoutModel(entry: AnalysisInput): WordClassWithoutModel {
  const typed = entry.spanish.trim();
  const bare = stripLeadingArticle(typed);
  if (bare !== typed) return { partOfSpeech: 'noun', spanishWithArticle: null };
  const word = bare.normalize('NFC').toLocaleLowerCase('es');
  const closedClass = closedClassOf(word);
  if (closedClass) return { partOfSpeech: closedClass, spanishWithArticle: null };
  if (word.includes(' ')) return { partOfSpeech: 'phrase', spanishWithArticle: null };
  const russianWord = firstRussianWord(entry.russian);
  const isRussianInfinitive = RUSSIAN_INFINITIVE.test(russianWord);
  const isRussianNoun = russianWord !== '' && !isRussianInfinitive && !RUSSIAN_ADJECTIVE.test(russianWord);
  const noun = knownNoun(word);
  const isInfinitive = INFINITIVE.test(word);
  if (noun && !isRussianNoun && (noun.isAlsoVerb || noun.isAlsoAdjective)) {
    const isVerb = noun.isAlsoVerb && isInfinitive && (isRussianInfinitive || russianWord === '');
    return { partOfSpeech: isVerb ? 'verb' : null, spanishWithArticle: null };
  }
  if (noun) {
    const article = noun.gender === 'either' ? null : definiteArticleOf(word, noun.gender);
    return { partOfSpeech: 'noun', spanishWithArticle: article && `${article} ${typed}` };
  }
  if (isInfinitive) return { partOfSpeech: 'verb', spanishWithArticle: null };
  if (word.endsWith('mente') && !MENTE_ADJECTIVES.has(word)) {
    return { partOfSpeech: 'adverb', spanishWithArticle: null };
  }
  return { partOfSpeech: null, spanishWithArticle: null };
}

/** A word to analyse: its Spanish and, when known, its Russian. */
export interface AnalysisInput {
  spanish: string;
  russian: string | null;
}

/** What analysis gives a word: from the language model, or from the local rules without one. */
export interface LocalAnalysis {
  spanishWithArticle: string | null;
  russian: string | null;
  partOfSpeech: string | null;
  cefrLevel: string | null;
  theme: string | null;
  example: string | null;
  exampleTranslation: string | null;
  highlightedSpanishWord: string | null;
  highlightedRussianWord: string | null;
}

/**
 * Without a language model: the article and part of speech only where the rules are sure
 * (docs/product/upload.md#analysis-without-a-language-model), nothing invented.
 */
export function localAnalysis(entry: AnalysisInput): LocalAnalysis {
  const { partOfSpeech, spanishWithArticle } = wordClassWithoutModel(entry);
  return {
    spanishWithArticle: spanishWithArticle ?? entry.spanish,
    russian: entry.russian,
    partOfSpeech,
    cefrLevel: null,
    theme: null,
    example: null,
    exampleTranslation: null,
    highlightedSpanishWord: null,
    highlightedRussianWord: null,
  };
}

/** Nothing beyond what the word came with: where the model gave nothing and nothing may be guessed. */
export const emptyAnalysis = (entry: AnalysisInput): LocalAnalysis => ({
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

/** The text fields an analysis gives, which an import's row may bring itself. */
const ANALYSED_FIELDS = ['example', 'exampleTranslation', 'partOfSpeech', 'cefrLevel', 'theme'] as const;

/** Whether a word lacks something only the language model can give (a pasted line always does). */
export const needsAnalysis = (
  entry: AnalysisInput & { imported?: Partial<Record<(typeof ANALYSED_FIELDS)[number], string>> },
) => !entry.russian || ANALYSED_FIELDS.some((field) => !entry.imported?.[field]);

const normalizeEcho = (text: string) => text.normalize('NFC').trim().toLocaleLowerCase('es');

/** The model's answer left the word out or garbled it, twice. */
export class WordNotAnalysedError extends Error {
  constructor(spanish: string) {
    super(`the language model returned no analysis for "${spanish}"`);
    this.name = 'WordNotAnalysedError';
  }
}

/**
 * One structured request per chunk (docs/product/upload.md#stages: up to 20 words); words the answer leaves
 * out or garbles get one more request, then are reported through `fail` — with the ProviderError, so a
 * caller can tell a refused key from a bad answer, or a WordNotAnalysedError — while the rest go on.
 * Words missing from the answer map keep whatever the caller falls back to (the local analysis).
 */
export async function analyseWords<T extends AnalysisInput>(
  chunk: T[],
  languageModel: LanguageModel | null,
  vocabularyLevel: number,
  limiter: Limiter,
  fail: (entry: T, error: ProviderError | WordNotAnalysedError) => void,
): Promise<Map<T, LocalAnalysis>> {
  const analysed = new Map<T, LocalAnalysis>();
  if (!languageModel) return analysed;
  let pending = chunk;
  for (let attempt = 1; attempt <= 2 && pending.length > 0; attempt += 1) {
    try {
      const { value } = await limiter(() =>
        languageModel.completeJson({
          schemaName: 'word_analysis',
          schema: analysisAnswerSchema,
          system: analysisSystemPrompt(vocabularyLevel),
          prompt: JSON.stringify(
            pending.map((entry) => ({ spanish: entry.spanish, russian: entry.russian })),
          ),
          temperature: 0.3,
        }),
      );
      const bySpanish = new Map(value.words.map((word) => [normalizeEcho(word.spanish), word]));
      pending = pending.filter((entry, index) => {
        const answer = matchAnswer(entry, value.words[index], bySpanish);
        if (answer) analysed.set(entry, fromAnswer(entry, answer));
        return !answer;
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      // A wrong key or an empty account will not mend on a second try.
      if (
        attempt === 2 ||
        error.code === 'provider_invalid_key' ||
        error.code === 'provider_quota_exhausted'
      ) {
        pending.forEach((entry) => fail(entry, error));
        return analysed;
      }
    }
  }
  pending.forEach((entry) => fail(entry, new WordNotAnalysedError(entry.spanish)));
  return analysed;
}

function matchAnswer(
  entry: AnalysisInput,
  byIndex: WordAnalysis | undefined,
  bySpanish: Map<string, WordAnalysis>,
) {
  const key = normalizeEcho(entry.spanish);
  if (byIndex && normalizeEcho(byIndex.spanish) === key) return byIndex;
  return bySpanish.get(key);
}

function fromAnswer(entry: AnalysisInput, answer: WordAnalysis): LocalAnalysis {
  const hasMarkedWord = (text: string) => /\*\*[^*]+\*\*/.test(text);
  const hasArticle = stripLeadingArticle(entry.spanish) !== entry.spanish.trim();
  return {
    spanishWithArticle:
      answer.article && !hasArticle ? `${answer.article} ${entry.spanish.trim()}` : entry.spanish,
    russian: answer.russian.trim() || null,
    partOfSpeech: answer.partOfSpeech,
    cefrLevel: answer.cefrLevel,
    theme: answer.theme.trim().toLocaleLowerCase('ru') || null,
    example: hasMarkedWord(answer.example) ? answer.example.trim() : null,
    exampleTranslation: answer.exampleTranslation.trim() || null,
    highlightedSpanishWord: answer.highlightedSpanishWord.trim() || null,
    highlightedRussianWord: answer.highlightedRussianWord.trim() || null,
  };
}
