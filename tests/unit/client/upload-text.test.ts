import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../src/shared/api/uploads';
import {
  buildTranslationLookup,
  checkUploadFile,
  countWordLines,
  formatFileSize,
  hasText,
  linesNotAdded,
  lookupTranslation,
  parseWordLine,
  stripEmojiFromText,
  translationLookupFromText,
  wordLookupKey,
} from '../../../src/client/features/upload/lib/upload-text';

describe('emoji stripping before sending', () => {
  it('removes emoji, joiners, variation selectors and skin tones', () => {
    expect(stripEmojiFromText('🏠 casa / дом')).toBe('casa / дом');
    expect(stripEmojiFromText('☀️ sol | солнце')).toBe('sol | солнце');
    expect(stripEmojiFromText('👩🏽‍🍳 cocinera / повар')).toBe('cocinera / повар');
    expect(stripEmojiFromText('🇪🇸 España / Испания')).toBe('España / Испания');
    expect(stripEmojiFromText('1️⃣ uno / один')).toBe('uno / один');
  });

  it('keeps every line, so server line numbers match what the learner sees', () => {
    const text = '🏠 casa / дом\n\n🐶\nperro / собака';
    expect(stripEmojiFromText(text).split('\n')).toEqual(['casa / дом', '', '', 'perro / собака']);
    expect(stripEmojiFromText('a / б\r\nc / д')).toBe('a / б\nc / д');
  });

  it('keeps the tab and the inner spaces that separate Spanish from Russian', () => {
    expect(stripEmojiFromText('buenos días\tдоброе утро 🌅')).toBe('buenos días\tдоброе утро');
    expect(stripEmojiFromText('  hola    привет  ')).toBe('hola    привет');
  });

  it('keeps accents, ñ and digits', () => {
    expect(stripEmojiFromText('año 2024 / год')).toBe('año 2024 / год');
  });
});

describe('text checks', () => {
  it('whitespace alone is no text', () => {
    expect(hasText('')).toBe(false);
    expect(hasText(' \n\t ')).toBe(false);
    expect(hasText(' casa ')).toBe(true);
  });

  it('counts the lines that carry something once emoji are gone', () => {
    expect(countWordLines('casa / дом\n\n  \n🐶\nperro / собака\n')).toBe(2);
    expect(countWordLines('')).toBe(0);
  });
});

describe('reading a line', () => {
  it('reads the slash, bar, dash and tab formats', () => {
    expect(parseWordLine('🏠 casa / дом')).toEqual({ spanish: 'casa', russian: 'дом' });
    expect(parseWordLine('libro | книга')).toEqual({ spanish: 'libro', russian: 'книга' });
    expect(parseWordLine('gato - кот')).toEqual({ spanish: 'gato', russian: 'кот' });
    expect(parseWordLine('buenos días\tдоброе утро')).toEqual({
      spanish: 'buenos días',
      russian: 'доброе утро',
    });
  });

  it('splits "Spanish phrase  Russian" where the Cyrillic begins', () => {
    expect(parseWordLine('por favor   пожалуйста')).toEqual({ spanish: 'por favor', russian: 'пожалуйста' });
  });

  it('a line with Spanish only has no translation yet', () => {
    expect(parseWordLine('mariposa')).toEqual({ spanish: 'mariposa', russian: null });
    expect(parseWordLine('mariposa /')).toEqual({ spanish: 'mariposa', russian: null });
  });

  it('a Cyrillic-only or empty line is not a word', () => {
    expect(parseWordLine('только русский текст')).toBeNull();
    expect(parseWordLine('дом / casa')).toBeNull();
    expect(parseWordLine('   ')).toBeNull();
    expect(parseWordLine('🐶')).toBeNull();
  });

  it('keeps hyphenated Spanish words whole', () => {
    expect(parseWordLine('franco-español / франко-испанский')).toEqual({
      spanish: 'franco-español',
      russian: 'франко-испанский',
    });
  });
});

describe('translation of the word being processed', () => {
  it('finds a word whatever its article, case, emoji or final punctuation', () => {
    expect(wordLookupKey('El Perro')).toBe('perro');
    expect(wordLookupKey('🐶 la   casa!')).toBe('casa');
    expect(wordLookupKey('papá')).not.toBe(wordLookupKey('papa'));
  });

  it('looks the current word up in the pasted lines; the first line wins', () => {
    const lookup = translationLookupFromText(
      'perro / собака\ncasa | дом\nperro / пёс\nmariposa\nтолько кириллица',
    );
    expect(lookupTranslation(lookup, 'el perro')).toBe('собака');
    expect(lookupTranslation(lookup, 'casa')).toBe('дом');
    expect(lookupTranslation(lookup, 'mariposa')).toBeNull();
    expect(lookupTranslation(lookup, null)).toBeNull();
  });

  it('builds the lookup from the file answer too', () => {
    const lookup = buildTranslationLookup([
      { spanish: 'sol', russian: 'солнце' },
      { spanish: 'luna', russian: null },
    ]);
    expect(lookupTranslation(lookup, 'el sol')).toBe('солнце');
    expect(lookupTranslation(lookup, 'luna')).toBeNull();
  });
});

describe('file checks', () => {
  it('accepts a .txt or text/plain file up to 1 MB', () => {
    expect(checkUploadFile({ name: 'words.txt', size: 10, type: '' })).toBeNull();
    expect(checkUploadFile({ name: 'words', size: 10, type: 'text/plain' })).toBeNull();
    expect(checkUploadFile({ name: 'WORDS.TXT', size: MAX_UPLOAD_BYTES, type: '' })).toBeNull();
  });

  it('rejects a file over 1 MB before sending it', () => {
    expect(checkUploadFile({ name: 'big.txt', size: MAX_UPLOAD_BYTES + 1, type: 'text/plain' })).toBe(
      'tooLarge',
    );
  });

  it('rejects a file that is not text', () => {
    expect(checkUploadFile({ name: 'photo.jpg', size: 10, type: 'image/jpeg' })).toBe('wrongType');
  });

  it('formats sizes in the interface locale', () => {
    expect(formatFileSize(512, 'ru')).toEqual({ value: '512', unit: 'B' });
    expect(formatFileSize(1536, 'ru')).toEqual({ value: '1,5', unit: 'KB' });
    expect(formatFileSize(1.5 * 1024 * 1024, 'en')).toEqual({ value: '1.5', unit: 'MB' });
  });
});

describe('the lines an upload did not add', () => {
  const error = (
    lineNumber: number,
    stage: 'duplicates' | 'translation' | 'saving' | 'images' | 'audio',
  ) => ({
    lineNumber,
    spanish: null,
    stage,
    code: 'upload_line_no_spanish',
  });
  const results = (errors: ReturnType<typeof error>[]) => ({
    words: [],
    duplicates: [],
    errors,
    fallbacks: [],
    stoppedProviders: [],
    builtinClipsJobId: null,
    moreWords: 0,
    moreDuplicates: 0,
    moreErrors: 0,
  });
  const text = 'casa / дом\n\nтолько кириллица\nsol\nmesa / стол\nluna / луна';

  it('are the lines a completed upload failed in a stage that drops the line, by their numbers', () => {
    const job = {
      status: 'completed' as const,
      results: results([
        error(3, 'duplicates'),
        error(4, 'translation'),
        error(5, 'images'),
        error(6, 'saving'),
      ]),
    };
    expect(linesNotAdded(text, job)).toBe('только кириллица\nsol\nluna / луна');
    expect(linesNotAdded(text, { status: 'completed', results: results([]) })).toBe('');
  });

  it('are every line when the upload did not complete', () => {
    expect(linesNotAdded(text, { status: 'cancelled', results: results([error(3, 'duplicates')]) })).toBe(
      'casa / дом\nтолько кириллица\nsol\nmesa / стол\nluna / луна',
    );
  });
});
