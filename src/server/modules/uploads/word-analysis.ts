import { z } from 'zod';
import { stripLeadingArticle } from '../../../shared/text/duplicate-key';

export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'interjection',
  'numeral',
  'phrase',
] as const;
export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;

/** One language-model answer per chunk of up to 20 words (DESIGN §4 stages 2–5); nullable, never optional. */
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

// Local rules for learners without a language model (DESIGN D5): good guesses, never claims of certainty.
const FEMININE_ENDINGS = ['ción', 'sión', 'dad', 'tad', 'tud', 'umbre', 'ez', 'eza', 'ie', 'isis', 'itis'];
const MASCULINE_EXCEPTIONS = new Set([
  'día',
  'mapa',
  'problema',
  'sistema',
  'tema',
  'idioma',
  'clima',
  'planeta',
  'sofá',
  'programa',
  'poema',
]);
const FEMININE_EXCEPTIONS = new Set([
  'mano',
  'foto',
  'moto',
  'radio',
  'flor',
  'leche',
  'noche',
  'calle',
  'carne',
  'gente',
  'llave',
  'nube',
  'sal',
  'miel',
  'piel',
  'clase',
  'fuente',
  'frente',
  'muerte',
  'suerte',
  'tarde',
  'torre',
  'parte',
  'sangre',
  'nieve',
  'fiebre',
  'hambre',
  'sed',
  'red',
  'pared',
  'luz',
  'voz',
  'paz',
  'vez',
  'cruz',
  'nariz',
  'raíz',
]);
const STRESSED_A_FEMININE = new Set([
  'agua',
  'águila',
  'alma',
  'arma',
  'hacha',
  'hambre',
  'área',
  'aula',
  'ala',
  'hada',
  'arpa',
  'ancla',
  'asma',
  'ave',
  'haba',
]);
const ADJECTIVE_ENDINGS = ['oso', 'osa', 'ble', 'ivo', 'iva', 'ante', 'ente', 'ico', 'ica', 'al', 'ar'];

/** Part of speech from the shape of the word: verbs end in -ar/-er/-ir (or -se), adverbs in -mente. */
export function guessPartOfSpeech(spanish: string): (typeof PARTS_OF_SPEECH)[number] {
  const bare = stripLeadingArticle(spanish).toLocaleLowerCase('es');
  if (bare.includes(' ')) return stripLeadingArticle(spanish) !== spanish.trim() ? 'noun' : 'phrase';
  if (stripLeadingArticle(spanish) !== spanish.trim()) return 'noun';
  if (/(?:ar|er|ir|ír)(?:se)?$/.test(bare)) return 'verb';
  if (bare.endsWith('mente')) return 'adverb';
  if (ADJECTIVE_ENDINGS.some((ending) => bare.endsWith(ending)) && bare.length > 4) return 'adjective';
  return 'noun';
}

/** "el perro" from "perro" by the usual gender rules; the word as given when it already has an article. */
export function guessArticle(spanish: string): string {
  const word = spanish.trim();
  if (stripLeadingArticle(word) !== word || word.includes(' ')) return word;
  const lower = word.toLocaleLowerCase('es');
  const isFeminine =
    FEMININE_EXCEPTIONS.has(lower) ||
    (!MASCULINE_EXCEPTIONS.has(lower) &&
      (lower.endsWith('a') || FEMININE_ENDINGS.some((ending) => lower.endsWith(ending))));
  // Feminine nouns starting with a stressed a take "el" in the singular (el agua, el hambre).
  if (isFeminine) return STRESSED_A_FEMININE.has(lower) ? `el ${word}` : `la ${word}`;
  return `el ${word}`;
}
