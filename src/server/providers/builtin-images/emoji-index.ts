import {
  loadCompactEmoji,
  loadShortcodes,
  loadTwemojiSet,
  type CompactEmoji,
  type EmojiLocale,
  type TwemojiSet,
} from './emoji-assets';

/** An emoji this provider can draw: it has a Twemoji SVG. */
export interface DrawableEmoji {
  /** emojibase's hexcode, upper case, e.g. `1F415`. */
  hexcode: string;
  /** The emoji as text, with U+FE0F where emoji presentation needs it. */
  emoji: string;
  /** Twemoji file name without `.svg`. */
  svgFile: string;
}

/** An annotation's emoji and how well the annotation names it. */
export interface AnnotationHit {
  entry: DrawableEmoji;
  /** Lower is better: the rank times ten, plus one for symbols and non-country flags. */
  score: number;
}

interface Candidate extends AnnotationHit {
  /** emojibase's order, which breaks ties: it lists the commonplace before the specialised. */
  order: number;
}

export interface EmojiIndex {
  /** Normalised Spanish annotation → best emoji. */
  es: ReadonlyMap<string, AnnotationHit>;
  /** The same keys with accents (but not ñ) removed, for learners who type without them. */
  esFolded: ReadonlyMap<string, AnnotationHit>;
  ru: ReadonlyMap<string, AnnotationHit>;
  /** Emoji text without U+FE0F → entry; resolves the override list. */
  byEmoji: ReadonlyMap<string, DrawableEmoji>;
  twemoji: TwemojiSet;
}

const GROUP_COMPONENT = 2;
const GROUP_SYMBOLS = 8;
const GROUP_FLAGS = 9;

/**
 * How well an annotation names the emoji. A label is the emoji's own name ("perro" for 🐕); a label that
 * starts with the word is a kind of it ("corazón rojo"); a label that contains it shows it ("jarra de
 * cerveza"); a tag is only loosely related ("cerveza" is also a tag of the ginger root).
 */
const RANK_LABEL = 0;
const RANK_SHORTCODE = 1;
const RANK_LABEL_HEAD = 2;
const RANK_LABEL_WORD = 3;
const RANK_TAG = 4;

/** A hit at least this good names the thing itself (a label, or the head of one) rather than a relation. */
export const STRONG_SCORE = RANK_LABEL_HEAD * 10 + 9;

export const stripVariationSelectors = (text: string) => text.replace(/\uFE0F/g, '');

/** Spanish accents removed for a lenient second lookup; ñ stays, so "ano" never becomes "año". */
export const foldSpanish = (text: string) =>
  text.normalize('NFC').replace(/[^ñ]/gu, (char) => char.normalize('NFD').replace(/\p{M}/gu, ''));

/** Russian annotations spell ё inconsistently, and so do learners. */
export const foldRussian = (text: string) => text.replace(/ё/g, 'е');

export const normaliseKey = (text: string) => text.normalize('NFC').toLowerCase().replace(/\s+/g, ' ').trim();

function addCandidate(map: Map<string, Candidate>, key: string, candidate: Candidate) {
  if (key === '') return;
  const current = map.get(key);
  if (
    !current ||
    candidate.score < current.score ||
    (candidate.score === current.score && candidate.order < current.order)
  ) {
    map.set(key, candidate);
  }
}

const isCountryFlag = (emoji: CompactEmoji) => emoji.group === GROUP_FLAGS && emoji.label.includes(':');

function buildLocaleIndex(
  locale: EmojiLocale,
  data: readonly CompactEmoji[],
  drawable: ReadonlyMap<string, DrawableEmoji>,
  fold: (key: string) => string,
): { exact: Map<string, AnnotationHit>; folded: Map<string, AnnotationHit> } {
  const exact = new Map<string, Candidate>();
  const folded = new Map<string, Candidate>();
  // Russian CLDR shortcodes are Latin transliterations ("sobaka") that no learner types.
  const shortcodes = locale === 'es' ? loadShortcodes(locale) : new Map<string, string[]>();

  for (const emoji of data) {
    const entry = drawable.get(emoji.hexcode);
    if (!entry || emoji.group === undefined || emoji.group === GROUP_COMPONENT) continue;
    // Symbols and the few non-country flags carry tags like "rojo" or "bandera" that a real object names better.
    const penalty = emoji.group === GROUP_SYMBOLS || emoji.group === GROUP_FLAGS ? 1 : 0;
    const add = (key: string, rank: number) => {
      const normalised = normaliseKey(key);
      const candidate = { entry, score: rank * 10 + penalty, order: emoji.order };
      addCandidate(exact, fold(normalised), candidate);
      if (locale === 'es') addCandidate(folded, foldSpanish(normalised), candidate);
    };

    if (isCountryFlag(emoji)) {
      // "Bandera: España" is drawn for the country's name only: its tags are ISO codes and "bandera".
      add(emoji.label.slice(emoji.label.indexOf(':') + 1), RANK_LABEL);
      continue;
    }
    const label = normaliseKey(emoji.label);
    add(label, RANK_LABEL);
    const [head, ...rest] = label.split(/[\s:,]+/);
    if (head !== undefined && head !== label) add(head, RANK_LABEL_HEAD);
    for (const word of rest) if (word.length > 2) add(word, RANK_LABEL_WORD);
    for (const tag of emoji.tags) add(tag, RANK_TAG);
    for (const code of shortcodes.get(emoji.hexcode) ?? []) add(code.replace(/_/g, ' '), RANK_SHORTCODE);
  }

  const unwrap = (map: Map<string, Candidate>) =>
    new Map([...map].map(([key, { entry, score }]) => [key, { entry, score }] as const));
  return { exact: unwrap(exact), folded: unwrap(folded) };
}

export function buildEmojiIndex(): EmojiIndex {
  const twemoji = loadTwemojiSet();
  const es = loadCompactEmoji('es');
  const ru = loadCompactEmoji('ru');

  const drawable = new Map<string, DrawableEmoji>();
  const byEmoji = new Map<string, DrawableEmoji>();
  for (const emoji of es) {
    const svgFile = twemoji.fileFor(emoji.hexcode);
    if (svgFile === undefined) continue;
    const entry = { hexcode: emoji.hexcode, emoji: emoji.unicode, svgFile };
    drawable.set(emoji.hexcode, entry);
    byEmoji.set(stripVariationSelectors(emoji.unicode), entry);
  }

  const spanish = buildLocaleIndex('es', es, drawable, (key) => key);
  const russian = buildLocaleIndex('ru', ru, drawable, foldRussian);
  return { es: spanish.exact, esFolded: spanish.folded, ru: russian.exact, byEmoji, twemoji };
}

let cached: EmojiIndex | undefined;

/** Built on first use (about a hundred milliseconds of JSON parsing) and kept for the process's life. */
export function getEmojiIndex(): EmojiIndex {
  cached ??= buildEmojiIndex();
  return cached;
}
