import { type WordListItem, wordListItemSchema } from '../../../src/shared/api/words';

/**
 * A word as `GET /api/words` lists it, parsed by the shared schema: no media, never heard, in study, kept
 * without a translation when `russian` is empty. `fields` set what a test is about.
 */
export function listedWord(
  id: number,
  spanish: string,
  russian: string,
  fields: Partial<WordListItem> = {},
): WordListItem {
  return wordListItemSchema.parse({
    id,
    spanish,
    russian,
    needsTranslation: russian === '',
    example: null,
    exampleTranslation: null,
    highlightedSpanishWord: null,
    highlightedRussianWord: null,
    cefrLevel: null,
    partOfSpeech: null,
    themeCategory: null,
    imageUrl: null,
    audioData: null,
    russianAudioData: null,
    secondVoiceAudioData: null,
    isActive: true,
    isHidden: false,
    attempts: 0,
    listenCount: 0,
    audiobookUsageCount: 0,
    disabledUsageCount: 0,
    disabledAt: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...fields,
  });
}
