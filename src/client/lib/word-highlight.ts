/**
 * Marks a dictionary word inside an audiobook sentence (docs/product/dictionary.md#word-card). Verbs ending
 * in -ar, -er or -ir are matched by their stem, so "hablar" finds "hablo" and "hablamos"; other words
 * match as the whole word or its plural; a phrase matches as written. Case and accents of the sentence
 * are kept, only the comparison ignores case.
 */

export interface TextSegment {
  text: string;
  isMatch: boolean;
}

/**
 * The parts of a text marked with `** **` (docs/product/upload.md#translation-analysis-and-examples), empty
 * parts dropped; null when there are no markers, or an odd count of them (a stray marker), so the caller
 * shows the text otherwise.
 */
export function markerSegments(text: string): TextSegment[] | null {
  const parts = text.split('**');
  // An even number of markers splits into an odd number of parts; anything else is left unmarked.
  if (parts.length === 1 || parts.length % 2 === 0) return null;
  return parts
    .map((part, index) => ({ text: part, isMatch: index % 2 === 1 }))
    .filter((segment) => segment.text !== '');
}

const LEADING_ARTICLE = /^(?:el|la|los|las|un|una|unos|unas|lo)\s+/u;
const VERB_ENDING = /(?:ar|er|ir)$/u;
/** Shorter infinitives ("ir", "ser") would leave a stem that matches half the sentence. */
const MIN_VERB_LENGTH = 4;
const WORD_PATTERN = /[\p{L}\p{M}]+/gu;

const lower = (text: string) => text.toLocaleLowerCase('es');

export type WordMatcher =
  { kind: 'stem'; stem: string } | { kind: 'word'; word: string } | { kind: 'phrase'; phrase: string };

export function wordMatcher(dictionaryWord: string): WordMatcher | null {
  const key = lower(dictionaryWord.normalize('NFC'))
    .replace(/[^\p{L}\p{M}\s]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(LEADING_ARTICLE, '');
  if (key === '') return null;
  if (key.includes(' ')) return { kind: 'phrase', phrase: key };
  if (key.length >= MIN_VERB_LENGTH && VERB_ENDING.test(key)) return { kind: 'stem', stem: key.slice(0, -2) };
  return { kind: 'word', word: key };
}

function tokenMatches(matcher: WordMatcher, token: string): boolean {
  const candidate = lower(token);
  switch (matcher.kind) {
    case 'stem':
      return candidate.startsWith(matcher.stem);
    case 'word':
      return (
        candidate === matcher.word || candidate === `${matcher.word}s` || candidate === `${matcher.word}es`
      );
    case 'phrase':
      return false;
  }
}

function pushSegment(segments: TextSegment[], text: string, isMatch: boolean) {
  if (text === '') return;
  const last = segments.at(-1);
  if (last && last.isMatch === isMatch) last.text += text;
  else segments.push({ text, isMatch });
}

export function highlightWord(sentence: string, dictionaryWord: string): TextSegment[] {
  const text = sentence.normalize('NFC');
  const matcher = wordMatcher(dictionaryWord);
  if (!matcher) return text === '' ? [] : [{ text, isMatch: false }];
  const segments: TextSegment[] = [];
  if (matcher.kind === 'phrase') {
    const haystack = lower(text);
    let from = 0;
    for (let at = haystack.indexOf(matcher.phrase); at !== -1; at = haystack.indexOf(matcher.phrase, from)) {
      pushSegment(segments, text.slice(from, at), false);
      pushSegment(segments, text.slice(at, at + matcher.phrase.length), true);
      from = at + matcher.phrase.length;
    }
    pushSegment(segments, text.slice(from), false);
    return segments;
  }
  let from = 0;
  for (const found of text.matchAll(WORD_PATTERN)) {
    if (!tokenMatches(matcher, found[0])) continue;
    pushSegment(segments, text.slice(from, found.index), false);
    pushSegment(segments, found[0], true);
    from = found.index + found[0].length;
  }
  pushSegment(segments, text.slice(from), false);
  return segments;
}

export function hasMatch(sentence: string, dictionaryWord: string): boolean {
  return highlightWord(sentence, dictionaryWord).some((segment) => segment.isMatch);
}
