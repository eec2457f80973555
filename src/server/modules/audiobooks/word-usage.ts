import { StemmerEs } from '@nlpjs/lang-es';
import { StemmerRu } from '@nlpjs/lang-ru';
import { duplicateKeyOf, stripLeadingArticle } from '../../../shared/text/duplicate-key';

/**
 * Which of the learner's words a story sentence really uses (docs/product/audiobooks.md#word-usage): the
 * model names the words it used, but its list is a claim, not a fact. A word counts when the stems of its
 * Spanish (article dropped; every token of a multi-word entry, in order) appear in the Spanish sentence,
 * by the Snowball stemmer, or, for a verb in -ar/-er/-ir, when a token is its root plus a regular ending
 * (the conjugations Snowball leaves apart: "comí", "vivía"). A word the model claimed whose Spanish form the
 * stemmer misses (an irregular verb: "tener" → "tengo") still counts when the stem of its Russian
 * translation appears in the Russian sentence (loosely: docs/product/audiobooks.md#word-usage).
 */

export interface VocabularyWord {
  id: number;
  spanish: string;
  russian: string;
}

export interface StorySentence {
  spanish: string;
  russian: string;
  /** The dictionary words the model says it used, as it wrote them. */
  claimedWords?: readonly string[];
}

const spanishStemmer = new StemmerEs();
const russianStemmer = new StemmerRu();

/**
 * Regular conjugation endings (accents folded) per verb class: a token that is the verb's root plus one
 * of them is a form of the verb, whatever Snowball makes of it ("comí" → "comi", "vivía" → "viv").
 */
const SHARED_ENDINGS = ['o', 'a', 'as', 'amos', 'ais', 'an', 'e', 'es', 'emos', 'eis', 'en'];
const ER_IR_ENDINGS = [
  ...SHARED_ENDINGS,
  ...['i', 'iste', 'io', 'imos', 'isteis', 'ieron', 'ia', 'ias', 'iamos', 'iais', 'ian'],
  ...['iera', 'ieras', 'ieramos', 'ierais', 'ieran', 'iese', 'ieses', 'iesemos', 'ieseis', 'iesen'],
  ...['iendo', 'ido', 'ida', 'idos', 'idas'],
];
const futureAndConditional = (vowel: string) =>
  ['e', 'as', 'a', 'emos', 'eis', 'an', 'ia', 'ias', 'iamos', 'iais', 'ian'].map(
    (ending) => `${vowel}r${ending}`,
  );
const VERB_ENDINGS: Readonly<Record<'ar' | 'er' | 'ir', ReadonlySet<string>>> = {
  ar: new Set([
    ...SHARED_ENDINGS,
    ...['aste', 'asteis', 'aron', 'aba', 'abas', 'abamos', 'abais', 'aban'],
    ...['ara', 'aras', 'aramos', 'arais', 'aran', 'ase', 'ases', 'asemos', 'aseis', 'asen'],
    ...['ando', 'ado', 'ada', 'ados', 'adas', 'ar', 'ad'],
    ...futureAndConditional('a'),
  ]),
  er: new Set([...ER_IR_ENDINGS, 'er', 'ed', ...futureAndConditional('e')]),
  ir: new Set([...ER_IR_ENDINGS, 'is', 'ir', 'id', ...futureAndConditional('i')]),
};

/** Lower case, acute accents and diaeresis dropped (ñ kept): "Habló" and "hablo" are one token. */
function foldSpanish(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(?<!n)[\u0301\u0300\u0308]/g, '')
    .replace(/n\u0303/g, 'ñ')
    .normalize('NFC')
    .toLocaleLowerCase('es');
}

const tokensOf = (text: string): string[] => text.match(/[\p{L}]+/gu) ?? [];

const russianStems = (text: string): string[] =>
  tokensOf(text.toLocaleLowerCase('ru').replace(/ё/g, 'е')).map((token) => russianStemmer.stemWord(token));

/** True when `needle` occurs in `haystack` as consecutive items, compared by `isSame`. */
function containsRun(
  haystack: readonly string[],
  needle: readonly string[],
  isSame: (found: string, wanted: string) => boolean = (found, wanted) => found === wanted,
): boolean {
  if (needle.length === 0) return false;
  for (let start = 0; start + needle.length <= haystack.length; start += 1) {
    if (needle.every((item, offset) => isSame(haystack[start + offset] ?? '', item))) return true;
  }
  return false;
}

/**
 * Russian stems of one word, loosely: Snowball leaves verb forms apart ("пахнуть" → "пахнут", "пахнет"),
 * so two stems match when they share all but their last two letters, and at least four.
 */
function isSameRussianStem(found: string, wanted: string): boolean {
  if (found === wanted) return true;
  const needed = Math.max(4, wanted.length - 2);
  return wanted.length >= 4 && found.slice(0, needed) === wanted.slice(0, needed);
}

interface WordPattern {
  id: number;
  stems: string[];
  /** A one-token -ar/-er/-ir verb: its root and the endings its regular forms add to it; null otherwise. */
  verb: { root: string; endings: ReadonlySet<string> } | null;
  /** The first reading of the translation, stemmed; the claimed-word fallback looks for it. */
  russianStems: string[];
  duplicateKey: string;
}

function patternOf(word: VocabularyWord): WordPattern | null {
  const bare = stripLeadingArticle(word.spanish);
  const folded = tokensOf(foldSpanish(bare));
  if (folded.length === 0) return null;
  const only = folded.length === 1 ? folded[0] : undefined;
  const verbClass = only?.match(/(?:ar|er|ir)$/)?.[0] as keyof typeof VERB_ENDINGS | undefined;
  const firstReading = word.russian.split(/[,;/]/)[0] ?? '';
  return {
    id: word.id,
    stems: folded.map((token) => spanishStemmer.stemWord(token)),
    verb:
      only !== undefined && verbClass !== undefined && only.length > 2
        ? { root: only.slice(0, -2), endings: VERB_ENDINGS[verbClass] }
        : null,
    russianStems: russianStems(firstReading),
    duplicateKey: duplicateKeyOf(word.spanish),
  };
}

export interface WordUsageMatcher {
  /** Ids of the words this sentence uses, each once, in the order of the vocabulary given. */
  wordsIn(sentence: StorySentence): number[];
}

export function createWordUsageMatcher(vocabulary: readonly VocabularyWord[]): WordUsageMatcher {
  const patterns = vocabulary.map(patternOf).filter((pattern) => pattern !== null);
  return {
    wordsIn(sentence) {
      const tokens = tokensOf(foldSpanish(sentence.spanish));
      const stems = tokens.map((token) => spanishStemmer.stemWord(token));
      const claimed = new Set((sentence.claimedWords ?? []).map(duplicateKeyOf));
      let sentenceRussian: string[] | undefined;
      const used: number[] = [];
      for (const pattern of patterns) {
        const verb = pattern.verb;
        const isUsed =
          containsRun(stems, pattern.stems) ||
          (verb !== null &&
            tokens.some(
              (token) => token.startsWith(verb.root) && verb.endings.has(token.slice(verb.root.length)),
            )) ||
          (claimed.has(pattern.duplicateKey) &&
            containsRun(
              (sentenceRussian ??= russianStems(sentence.russian)),
              pattern.russianStems,
              isSameRussianStem,
            ));
        if (isUsed) used.push(pattern.id);
      }
      return used;
    },
  };
}

/** Spanish words in a text, as a book's word count counts them. */
export const countWords = (text: string): number => tokensOf(text).length;
