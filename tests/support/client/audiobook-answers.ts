import {
  type Audiobook,
  audiobookSchema,
  type Genre,
  genreSchema,
  type Sentence,
  sentenceSchema,
} from '../../../src/shared/api/audiobooks';
import { type Series, seriesSchema } from '../../../src/shared/api/audiobook-player';
import type { Settings } from '../../../src/shared/api/settings';
import { BUILTIN_AUDIOBOOK_GENRES } from '../../../src/shared/catalogs/audiobook-genres';
import { learnerSettings } from './render-client';

/**
 * What the server would say about the learner's audiobooks, built here and parsed with the shared schemas
 * (`src/shared/api/audiobooks.ts`, `audiobook-player.ts`), so a fixture the server could not send fails at
 * once.
 */

/** A ready book of the given genres, with pictures and counts; `overrides` change any field. */
export function bookAnswer(id: number, genreNames: string[], overrides: Partial<Audiobook> = {}): Audiobook {
  return audiobookSchema.parse({
    id,
    title: `Книга ${id}`,
    genre: genreNames[0] ?? null,
    genreNames,
    genreIds: [],
    grammarLevel: 'B1',
    targetWordCount: 200,
    actualWordCountTotal: 120,
    actualWordCountSpanish: 60,
    sentenceCount: 6,
    activeWordsUsed: 3,
    totalActiveWords: 8,
    passiveWordsUsed: 1,
    totalPassiveWords: 2,
    listenCount: 0,
    coverImageData: `/media/${String(id).padStart(64, 'c')}.webp`,
    imageCount: 6,
    imageStep: 1,
    verificationCompleted: true,
    selectedImageSeriesId: null,
    selectedSeries: null,
    status: 'ready',
    jobId: null,
    error: null,
    createdAt: `2026-03-0${Math.min(id, 9)}T10:00:00.000Z`,
    ...overrides,
  });
}

/** The twelve built-in genres every learner has (docs/product/audiobooks.md#genres), ids 1–12. */
export function builtinGenres(): Genre[] {
  return BUILTIN_AUDIOBOOK_GENRES.map((name, index) =>
    genreSchema.parse({ id: index + 1, name, isBuiltin: true, createdAt: '2026-01-01T00:00:00.000Z' }),
  );
}

/** `count` sentences of book `bookId`, each with its first clip and its picture. */
export function sentencesAnswer(bookId: number, count: number): Sentence[] {
  return Array.from({ length: count }, (_, index) =>
    sentenceSchema.parse({
      id: bookId * 100 + index + 1,
      orderIndex: index,
      spanish: `Frase ${index + 1} del libro.`,
      russian: `Предложение ${index + 1} книги.`,
      audioData: `/media/${String(index + 1).padStart(64, 'a')}.mp3`,
      secondVoiceAudioData: null,
      russianAudioData: null,
      imageData: `/media/${String(index + 1).padStart(64, 'b')}.webp`,
      imageStyle: null,
      listenCount: 0,
    }),
  );
}

/** An illustration series of the book as `GET …/image-series` lists it. */
export function seriesAnswer(overrides: Partial<Series> & Pick<Series, 'id'>): Series {
  return seriesSchema.parse({
    serviceProvider: 'builtin',
    imageStyle: '3',
    styleName: null,
    status: 'completed',
    completedSentences: 6,
    totalSentences: 6,
    createdAt: '2026-03-05T10:00:00.000Z',
    jobId: null,
    ...overrides,
  });
}

/** The learner's settings as `GET`/`PUT /api/settings` answer them (as `answerSignedInLearner` builds them). */
export function settingsAnswer(settings: Partial<Settings> = {}): Settings {
  return learnerSettings(settings);
}
