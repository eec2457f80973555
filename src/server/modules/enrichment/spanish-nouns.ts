import nounList from './spanish-nouns.data.json';

/**
 * The committed noun list (docs/product/upload.md#analysis-without-a-language-model), made by
 * scripts/make-spanish-nouns.ts from Apertium's Spanish analyser (GPL-2.0, docs/THIRD-PARTY.md).
 */
export interface SpanishNounList {
  source: string;
  licence: string;
  masculine: string[];
  feminine: string[];
  /** Both genders (estudiante, mar, orden): no article is sure. */
  eitherGender: string[];
  /** Also a verb's infinitive (poder, deber, ser). */
  alsoVerb: string[];
  /** Also an adjective's form (amigo, joven, verde). */
  alsoAdjective: string[];
}

export type NounGender = 'masculine' | 'feminine' | 'either';

/** A noun the list knows: its gender and what else its spelling can be. */
export interface KnownNoun {
  gender: NounGender;
  isAlsoVerb: boolean;
  isAlsoAdjective: boolean;
}

const list: SpanishNounList = nounList;
const genders = new Map<string, NounGender>([
  ...list.masculine.map((word) => [word, 'masculine'] as const),
  ...list.feminine.map((word) => [word, 'feminine'] as const),
  ...list.eitherGender.map((word) => [word, 'either'] as const),
]);
const alsoVerb = new Set(list.alsoVerb);
const alsoAdjective = new Set(list.alsoAdjective);

/** The noun list's entry for a lower-case singular spelling, if it has one. */
export function knownNoun(word: string): KnownNoun | undefined {
  const gender = genders.get(word);
  if (!gender) return undefined;
  return { gender, isAlsoVerb: alsoVerb.has(word), isAlsoAdjective: alsoAdjective.has(word) };
}

/** How many nouns the list holds, for its tests. */
export const knownNounCount = () => genders.size;

/** Letter names keep "la" before their stressed a (la hache, la alfa), and so do women's nouns in -a. */
const STRESSED_A_WITH_LA = new Set(['a', 'hache', 'alfa', 'árabe', 'ácrata']);

/**
 * The singular definite article of a noun of one gender. A feminine noun whose first syllable is a stressed
 * a takes "el" (el agua, el hambre, el área): a written á, or a two-syllable word stressed, by the
 * written-accent rules, on its first syllable.
 */
export function definiteArticleOf(word: string, gender: Exclude<NounGender, 'either'>): 'el' | 'la' {
  if (gender === 'masculine') return 'el';
  if (STRESSED_A_WITH_LA.has(word)) return 'la';
  const bare = word.startsWith('h') ? word.slice(1) : word;
  if (bare.startsWith('á')) return 'el';
  if (!bare.startsWith('a') || /[áéíóú]/.test(bare)) return 'la';
  const stressedOnSecondToLast = /[aeiouns]$/.test(word);
  return stressedOnSecondToLast && syllableCount(bare) === 2 ? 'el' : 'la';
}

/** Vowel groups, a diphthong (a weak i/u beside another vowel) being one, two strong vowels two. */
function syllableCount(word: string): number {
  return (word.match(/[iuü]*[aeoáéíóú][iuü]*|[iuü]+/g) ?? []).reduce(
    (count, group) => count + Math.max(1, (group.match(/[aeoáéíóú]/g) ?? []).length),
    0,
  );
}
