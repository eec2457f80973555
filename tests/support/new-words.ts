import type { NewWord } from '../../src/server/modules/uploads/uploads.repository';

/** A word as an upload's chunk saves it, with plain defaults: for tests that call `saveChunk` directly. */
export const newWordOf = (spanish: string, russian = 'слово'): NewWord & { lineNumber: number } => ({
  lineNumber: 1,
  spanish,
  russian,
  needsTranslation: !russian,
  duplicateKey: spanish,
  example: null,
  exampleTranslation: null,
  highlightedSpanishWord: null,
  highlightedRussianWord: null,
  partOfSpeech: null,
  cefrLevel: null,
  themeCategory: null,
  imageUrl: null,
  imageStyle: null,
  imageStyleId: null,
  imageFormat: null,
  audioData: null,
  russianAudioData: null,
  secondVoiceAudioData: null,
});
