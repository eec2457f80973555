import { stripEmoji } from '../../../../shared/text/spoken-text';
import { highlightWord, markerSegments, type TextSegment } from '../../../lib/word-highlight';

/**
 * What a card shows (docs/product/learn.md#card): emoji stripped, and trailing dots from the Spanish;
 * words marked with `** **` in bold accent colour; without markers, the word's highlighted form (or the
 * word itself) is found by its stem, so "hablar" marks "hablamos" and "книга" marks "книгу".
 */

export type CardLanguage = 'es' | 'ru';

export function displayText(text: string, language: CardLanguage = 'es'): string {
  const withoutEmoji = stripEmoji(text.normalize('NFC'));
  return language === 'es' ? withoutEmoji.replace(/(?:\s*(?:\.|…))+$/u, '').trim() : withoutEmoji;
}

/** Case and verb endings a Russian word sheds in a sentence, longest first so 'ться' wins over 'ся'. */
const RUSSIAN_ENDINGS = [
  'ться',
  'ами',
  'ями',
  'ого',
  'его',
  'ому',
  'ему',
  'ыми',
  'ими',
  'ать',
  'ять',
  'еть',
  'ить',
  'ая',
  'яя',
  'ое',
  'ее',
  'ые',
  'ие',
  'ый',
  'ий',
  'ой',
  'ом',
  'ем',
  'ах',
  'ях',
  'ть',
  'ся',
  'а',
  'я',
  'о',
  'е',
  'ы',
  'и',
  'у',
  'ю',
  'ь',
  'й',
];
const MIN_RUSSIAN_STEM = 3;
const RUSSIAN_TOKEN = /[\p{L}\p{M}-]+/gu;

function russianStem(word: string): string {
  const lower = word.toLocaleLowerCase('ru');
  const ending = RUSSIAN_ENDINGS.find(
    (candidate) => lower.endsWith(candidate) && lower.length - candidate.length >= MIN_RUSSIAN_STEM,
  );
  return ending ? lower.slice(0, -ending.length) : lower;
}

/** A single Russian word is found by its stem in any case form; a phrase as written. */
function highlightRussian(text: string, highlighted: string): TextSegment[] {
  const needle = highlighted.trim();
  if (/\s/u.test(needle)) return highlightWord(text, needle);
  const stem = russianStem(needle);
  const segments: TextSegment[] = [];
  let from = 0;
  for (const found of text.matchAll(RUSSIAN_TOKEN)) {
    if (!found[0].toLocaleLowerCase('ru').startsWith(stem)) continue;
    if (found.index > from) segments.push({ text: text.slice(from, found.index), isMatch: false });
    segments.push({ text: found[0], isMatch: true });
    from = found.index + found[0].length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), isMatch: false });
  return segments;
}

export function cardSegments(
  text: string,
  highlighted: string | null,
  language: CardLanguage = 'es',
): TextSegment[] {
  const shown = displayText(text, language);
  if (shown === '') return [];
  // Markers come in pairs; an odd count (a stray marker) is shown as plain text rather than half-bold.
  const marked = markerSegments(shown);
  if (marked) return marked;
  const plain = shown.replaceAll('**', '');
  const needle = highlighted?.replaceAll('*', '').trim() ?? '';
  if (needle === '') return [{ text: plain, isMatch: false }];
  return language === 'es' ? highlightWord(plain, needle) : highlightRussian(plain, needle);
}

export interface CardDisplayOptions {
  showSpanishSubtitles: boolean;
  showSpanishSentences: boolean;
  showTranslations: boolean;
  showWordTranslations: boolean;
  /** Off: a sentence card keeps its Russian line to itself (docs/product/learn.md#card). */
  showPhraseTranslations: boolean;
}

export interface CardWordText {
  spanish: string;
  russian: string;
  example: string | null;
  exampleTranslation: string | null;
  highlightedSpanishWord?: string | null | undefined;
  highlightedRussianWord?: string | null | undefined;
}

export interface CardLines {
  /** The Spanish line: the example sentence, or the word when sentences are off or missing. */
  spanish: TextSegment[] | null;
  russian: TextSegment[] | null;
  /** "palabra — слово" under a sentence, when word translations are on. */
  wordPair: string | null;
}

export function cardLines(word: CardWordText, options: CardDisplayOptions): CardLines {
  const isSentence = options.showSpanishSentences && Boolean(word.example?.trim());
  const spanishText = isSentence ? (word.example ?? '') : word.spanish;
  const russianText = isSentence ? (word.exampleTranslation ?? word.russian) : word.russian;
  const spanishMark = isSentence ? (word.highlightedSpanishWord ?? word.spanish) : null;
  const russianMark = isSentence ? (word.highlightedRussianWord ?? word.russian) : null;
  return {
    spanish: options.showSpanishSubtitles ? cardSegments(spanishText, spanishMark) : null,
    russian:
      options.showTranslations && (!isSentence || options.showPhraseTranslations)
        ? cardSegments(russianText, russianMark, 'ru')
        : null,
    wordPair:
      isSentence && options.showWordTranslations
        ? `${displayText(word.spanish).replaceAll('**', '')} — ${displayText(word.russian, 'ru').replaceAll('**', '')}`
        : null,
  };
}

export const LEARN_FONT_SCALE = { min: 60, max: 150, step: 10, default: 100 } as const;
/** The Spanish size at 100 %; the Russian is 10 points smaller (docs/product/learn.md#card). */
const SPANISH_BASE_PX = 40;
const RUSSIAN_SMALLER_PX = 10;

export function stepFontScale(scale: number, direction: 1 | -1): number {
  const next =
    Math.round(scale / LEARN_FONT_SCALE.step) * LEARN_FONT_SCALE.step + direction * LEARN_FONT_SCALE.step;
  return Math.min(LEARN_FONT_SCALE.max, Math.max(LEARN_FONT_SCALE.min, next));
}

export function cardFontSizes(scale: number): { spanishPx: number; russianPx: number } {
  const spanishPx = Math.round((SPANISH_BASE_PX * scale) / 100);
  return { spanishPx, russianPx: Math.max(10, spanishPx - RUSSIAN_SMALLER_PX) };
}
