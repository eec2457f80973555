import { RUSSIAN_OVERRIDES, SPANISH_OVERRIDES } from './emoji-overrides';
import {
  foldRussian,
  foldSpanish,
  getEmojiIndex,
  STRONG_SCORE,
  stripVariationSelectors,
  type AnnotationHit,
  type DrawableEmoji,
  type EmojiIndex,
} from './emoji-index';
import {
  normaliseAlternatives,
  russianForms,
  russianTokens,
  spanishForms,
  spanishTokens,
  spanishVerbForms,
  stripSpanishArticles,
} from './emoji-word-forms';

export type EmojiMatchSource = 'override' | 'es' | 'ru' | 'fallback';

export interface EmojiMatch {
  emoji: string;
  /** emojibase's hexcode, e.g. `1F415`. */
  hexcode: string;
  source: EmojiMatchSource;
}

export interface EmojiSubject {
  spanish: string;
  russian?: string | undefined;
}

/** A note and pencil reads as "a word to learn" whatever the word is. */
export const FALLBACK_EMOJI = '📝';

type OverrideLookup = (key: string) => DrawableEmoji | undefined;
type AnnotationLookup = (key: string) => AnnotationHit | undefined;

interface Hit {
  entry: DrawableEmoji;
  source: Exclude<EmojiMatchSource, 'fallback'>;
}

function overrideLookup(index: EmojiIndex, overrides: Readonly<Record<string, string>>): OverrideLookup {
  return (key) => {
    const emoji = Object.hasOwn(overrides, key) ? overrides[key] : undefined;
    return emoji === undefined ? undefined : index.byEmoji.get(stripVariationSelectors(emoji));
  };
}

/**
 * How picky a lookup is. `names` accepts only annotations that name an emoji outright (a label or its
 * head); `any` also the curated list and loose tags. Words inside a phrase are first tried with `names`
 * so that the thing in "hacer la cama" or "ir a la playa" wins over the verb's curated emoji.
 */
type Strictness = 'names' | 'any';

interface Lookups {
  override: OverrideLookup;
  annotations: AnnotationLookup;
  folded?: AnnotationLookup;
  source: Hit['source'];
}

/**
 * The curated list is consulted before the annotations for each form: it exists precisely where the
 * annotations are silent (verbs, adjectives) or pick a poor emoji for a common word ("corazón" is the
 * label head of a dozen hearts, the red one is wanted). A form that names an emoji outright beats one
 * that is merely a tag: "ratones" is a tag of the mouse trap, "ratón" the mouse's own label.
 */
function matchForms(
  forms: readonly string[],
  lookups: Lookups,
  strictness: Strictness,
  verbForms: readonly string[] = [],
): Hit | undefined {
  const passes =
    strictness === 'names'
      ? [{ curated: false, strongOnly: true }]
      : [
          { curated: true, strongOnly: true },
          { curated: false, strongOnly: false },
        ];
  for (const { curated, strongOnly } of passes) {
    const good = (hit: AnnotationHit | undefined) =>
      hit !== undefined && (!strongOnly || hit.score <= STRONG_SCORE) ? hit : undefined;
    for (const form of forms) {
      const overridden = curated ? lookups.override(form) : undefined;
      if (overridden) return { entry: overridden, source: 'override' };
      const annotated = good(lookups.annotations(form));
      if (annotated) return { entry: annotated.entry, source: lookups.source };
    }
    const { folded } = lookups;
    if (folded) {
      for (const form of forms) {
        const annotated = good(folded(foldSpanish(form)));
        if (annotated) return { entry: annotated.entry, source: lookups.source };
      }
    }
  }
  if (strictness === 'names') return undefined;
  for (const form of verbForms) {
    const overridden = lookups.override(form);
    if (overridden) return { entry: overridden, source: 'override' };
    const annotated = lookups.annotations(form);
    if (annotated) return { entry: annotated.entry, source: lookups.source };
  }
  return undefined;
}

function matchSpanish(index: EmojiIndex, phrase: string, strictness: Strictness): Hit | undefined {
  const lookups: Lookups = {
    override: overrideLookup(index, SPANISH_OVERRIDES),
    annotations: (key) => index.es.get(key),
    folded: (key) => index.esFolded.get(key),
    source: 'es',
  };
  // A phrase is tried whole first; only single words are worth inflecting.
  if (phrase.includes(' ')) return matchForms([phrase], lookups, strictness);
  return matchForms(spanishForms(phrase), lookups, strictness, spanishVerbForms(phrase));
}

function matchRussian(index: EmojiIndex, phrase: string, strictness: Strictness): Hit | undefined {
  const lookups: Lookups = {
    override: overrideLookup(index, RUSSIAN_OVERRIDES),
    annotations: (key) => index.ru.get(key),
    source: 'ru',
  };
  return matchForms(phrase.includes(' ') ? [phrase] : russianForms(phrase), lookups, strictness);
}

/**
 * The emoji that best pictures a word. Whole Spanish phrases, then whole Russian ones, then single words
 * of either (Spanish left to right, since its nouns come first; Russian right to left, since its
 * adjectives precede the noun). Never fails: a word nothing matches gets {@link FALLBACK_EMOJI}.
 */
export function matchEmoji(subject: EmojiSubject, index: EmojiIndex = getEmojiIndex()): EmojiMatch {
  const spanish = normaliseAlternatives(subject.spanish).map(stripSpanishArticles);
  const russian = normaliseAlternatives(subject.russian ?? '').map(foldRussian);
  const spanishWords = spanish.filter((phrase) => phrase.includes(' ')).flatMap(spanishTokens);
  const russianWords = russian
    .filter((phrase) => phrase.includes(' '))
    .flatMap((phrase) => russianTokens(phrase).reverse());

  const attempts: (() => Hit | undefined)[] = [
    ...spanish.map((phrase) => () => matchSpanish(index, phrase, 'any')),
    ...russian.map((phrase) => () => matchRussian(index, phrase, 'any')),
    ...(['names', 'any'] as const).flatMap((strictness) => [
      ...spanishWords.map((word) => () => matchSpanish(index, word, strictness)),
      ...russianWords.map((word) => () => matchRussian(index, word, strictness)),
    ]),
  ];
  for (const attempt of attempts) {
    const hit = attempt();
    if (hit) return { emoji: hit.entry.emoji, hexcode: hit.entry.hexcode, source: hit.source };
  }
  const fallback = index.byEmoji.get(FALLBACK_EMOJI);
  return {
    emoji: fallback?.emoji ?? FALLBACK_EMOJI,
    hexcode: fallback?.hexcode ?? '1F4DD',
    source: 'fallback',
  };
}
