import { describe, expect, it } from 'vitest';
import { changesOf, draftOf, hasClearedClips } from '../../../src/client/features/dictionary/lib/word-edit';
import { dictionaryWordPath, wordIdOfParam } from '../../../src/client/lib/word-link';

/** docs/product/dictionary.md#word-editing */
const casa = {
  spanish: 'la casa',
  russian: 'дом',
  example: 'Mi **casa** es grande.',
  exampleTranslation: null,
  partOfSpeech: 'noun',
  cefrLevel: 'a1',
  themeCategory: 'дом',
};

describe('the word edit form', () => {
  it('fills the form from the word; a tag outside the catalogues shows as none', () => {
    expect(draftOf(casa)).toEqual({
      spanish: 'la casa',
      russian: 'дом',
      example: 'Mi **casa** es grande.',
      exampleTranslation: '',
      partOfSpeech: 'noun',
      cefrLevel: 'A1',
      themeCategory: 'дом',
    });
    expect(draftOf({ ...casa, partOfSpeech: 'sustantivo', cefrLevel: null }).partOfSpeech).toBe('');
  });

  it('sends only what changed, trimmed, with empty texts as none', () => {
    const initial = draftOf(casa);
    expect(changesOf(casa, initial, initial)).toEqual({});
    expect(changesOf(casa, initial, { ...initial, spanish: ' la vivienda ', example: '  ' })).toEqual({
      spanish: 'la vivienda',
      example: null,
    });
    expect(
      changesOf(casa, initial, { ...initial, cefrLevel: 'B1', themeCategory: '', partOfSpeech: '' }),
    ).toEqual({
      cefrLevel: 'B1',
      themeCategory: null,
      partOfSpeech: null,
    });
  });

  it('keeps an unknown tag when the texts alone change', () => {
    const odd = { ...casa, partOfSpeech: 'sustantivo' };
    const initial = draftOf(odd);
    expect(changesOf(odd, initial, { ...initial, russian: 'жилище' })).toEqual({ russian: 'жилище' });
  });

  it('offers new clips only when the edit took one away', () => {
    const clips = { audioData: '/media/a.mp3', russianAudioData: '/media/b.mp3', secondVoiceAudioData: null };
    expect(hasClearedClips(clips, clips)).toBe(false);
    expect(hasClearedClips(clips, { ...clips, audioData: null })).toBe(true);
  });
});

describe('the link to a word card', () => {
  it('is /dictionary?word=<id>, and only an id the database can hold opens a card', () => {
    expect(dictionaryWordPath(42)).toBe('/dictionary?word=42');
    expect(wordIdOfParam('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '2147483648', '042']) {
      expect(wordIdOfParam(bad), String(bad)).toBeNull();
    }
  });
});
