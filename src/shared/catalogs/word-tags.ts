/**
 * The parts of speech and CEFR levels a word can carry: the language model answers with one of them, and
 * the word card offers them when the learner edits a word (docs/product/dictionary.md#word-editing). Parts
 * of speech are stored as these English keys and shown through i18n (`dictionary.partsOfSpeech.*`).
 */
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
export type PartOfSpeech = (typeof PARTS_OF_SPEECH)[number];

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export type CefrLevel = (typeof CEFR_LEVELS)[number];
