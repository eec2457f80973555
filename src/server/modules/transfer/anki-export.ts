import { createHash } from 'node:crypto';
import { MEDIA_EXTENSIONS, type MediaType, parseMediaPath } from '../../media/media-store';
import type { AnkiNoteSpec, AnkiNoteTypeSpec } from './anki-package.writer';
import { htmlOf } from './anki-package.writer';
import type { ExportWord } from './transfer.repository';

/**
 * What an Anki export holds (docs/product/transfer.md#anki-packages): one note per word of the note type
 * below, whose two templates make an es→ru and a ru→es card; its picture and clips travel as package media
 * named by their content hash, referenced from the fields as Anki does (`<img src>`, `[sound:]`).
 */
export const PALABRA_NOTE_TYPE: AnkiNoteTypeSpec = {
  // Fixed, so a second export updates the same note type in the learner's Anki instead of adding one.
  id: 1_740_000_000_001,
  name: 'Palabra (es ↔ ru)',
  fields: [
    'Spanish',
    'Russian',
    'Example',
    'ExampleTranslation',
    'Picture',
    'Audio',
    'Audio2',
    'RussianAudio',
    'PartOfSpeech',
    'CEFR',
    'Theme',
  ],
  templates: [
    {
      name: 'es → ru',
      requiredField: 0,
      front: '<div class="word">{{Spanish}}</div>{{Audio}}<div>{{Picture}}</div>',
      back: '{{FrontSide}}<hr id="answer"><div class="word">{{Russian}}</div>{{RussianAudio}}<div class="example">{{Example}}</div><div>{{ExampleTranslation}}</div>',
    },
    {
      name: 'ru → es',
      // A word kept without a translation has no ru→es card, as in review (docs/product/upload.md#spanish-only-lines).
      requiredField: 1,
      front: '<div class="word">{{Russian}}</div>{{RussianAudio}}',
      back: '{{FrontSide}}<hr id="answer"><div class="word">{{Spanish}}</div>{{Audio2}}<div>{{Picture}}</div><div class="example">{{Example}}</div><div>{{ExampleTranslation}}</div>',
    },
  ],
  css: '.card { font-family: Arial, sans-serif; font-size: 22px; text-align: center; }\n.word { font-size: 30px; }\n.example { font-style: italic; margin-top: 12px; }\nimg { max-width: 320px; border-radius: 12px; }',
};
export const PALABRA_DECK = { id: 1_740_000_000_002, name: 'Palabra' };

/** Media columns of a word, in the order the fields name them. */
export const WORD_MEDIA_COLUMNS = [
  'imageUrl',
  'audioData',
  'secondVoiceAudioData',
  'russianAudioData',
] as const;
export type WordMediaColumn = (typeof WORD_MEDIA_COLUMNS)[number];

const DATA_URL = /^data:(image\/(?:png|jpeg|webp));base64,([A-Za-z0-9+/=\s]+)$/;

/** A stored media value as a package file: its name in the package and how to get its bytes. */
export type PackageMedia = { name: string; sha256: string } | { name: string; bytes: Buffer };

/**
 * The package file a media column's value stands for: a stored `/media/…` blob, or a picture kept inline
 * as a data: URL; an outside link is not the learner's file to pack and is left out.
 */
export function packageMediaOf(value: string | null): PackageMedia | undefined {
  if (!value) return undefined;
  const stored = parseMediaPath(value);
  if (stored) return { name: `${stored.sha256}.${stored.extension}`, sha256: stored.sha256 };
  const inline = DATA_URL.exec(value);
  if (inline?.[1] && inline[2]) {
    const bytes = Buffer.from(inline[2], 'base64');
    const extension = MEDIA_EXTENSIONS[inline[1] as MediaType];
    return { name: `${createHash('sha256').update(bytes).digest('hex')}.${extension}`, bytes };
  }
  return undefined;
}

/** The word's note: its text escaped as HTML, its media as Anki references to the package's files. */
export function ankiNoteOf(
  word: ExportWord,
  media: Partial<Record<WordMediaColumn, PackageMedia>>,
): AnkiNoteSpec {
  const sound = (column: WordMediaColumn) => {
    const file = media[column];
    return file ? `[sound:${file.name}]` : '';
  };
  return {
    guid: `palabra-${word.id}`,
    noteTypeId: PALABRA_NOTE_TYPE.id,
    deckId: PALABRA_DECK.id,
    fields: [
      htmlOf(word.spanish),
      htmlOf(word.russian),
      htmlOf(word.example ?? ''),
      htmlOf(word.exampleTranslation ?? ''),
      media.imageUrl ? `<img src="${htmlOf(media.imageUrl.name)}">` : '',
      sound('audioData'),
      sound('secondVoiceAudioData'),
      sound('russianAudioData'),
      htmlOf(word.partOfSpeech ?? ''),
      htmlOf(word.cefrLevel ?? ''),
      htmlOf(word.themeCategory ?? ''),
    ],
    tags: word.cefrLevel ? [word.cefrLevel] : [],
  };
}
