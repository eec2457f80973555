import { describe, expect, it } from 'vitest';
import type { Series } from '../../../src/shared/api/audiobook-player';
import type { Sentence } from '../../../src/shared/api/audiobooks';
import { HttpError } from '../../../src/client/lib/api-client';
import { enCatalog, ruCatalog } from '../../../src/client/i18n/catalogs';
import { genreLabel } from '../../../src/client/lib/genre-label';
import { seriesStyleName } from '../../../src/client/lib/series-style-name';
import {
  backgroundPicture,
  clampFontScale,
  drawingProvider,
  drawingSeries,
  fontSizes,
  genreTitle,
  jobCountLabel,
  picturesByProvider,
  picturesToPreload,
  playerLoad,
  sentenceItem,
  sentencePictures,
  stepFontScale,
} from '../../../src/client/features/audiobook-player/lib/player-view';

const sentence = (id: number, imageData: string | null = null): Sentence => ({
  id,
  orderIndex: id - 1,
  spanish: `frase ${id}`,
  russian: `фраза ${id}`,
  audioData: null,
  secondVoiceAudioData: null,
  russianAudioData: null,
  imageData,
  imageStyle: null,
  listenCount: id,
});

const series = (id: number, jobId: string | null): Series => ({
  id,
  serviceProvider: 'builtin',
  imageStyle: '1',
  styleName: null,
  status: jobId === null ? 'completed' : 'generating',
  completedSentences: 0,
  totalSentences: 7,
  createdAt: '2026-01-01T00:00:00.000Z',
  jobId,
});

describe('the audiobook player’s rules (docs/product/audiobooks.md#player)', () => {
  it('keeps the font scale within 60–150 in steps of 10, and sizes the translation 10 pt smaller', () => {
    expect(clampFontScale(40)).toBe(60);
    expect(clampFontScale(155)).toBe(150);
    expect(stepFontScale(100, 1)).toBe(110);
    expect(stepFontScale(60, -1)).toBe(60);
    expect(stepFontScale(150, 1)).toBe(150);
    expect(fontSizes(100)).toEqual({ sentence: '2rem', translation: 'calc(2rem - 10pt)' });
    expect(fontSizes(150).sentence).toBe('3rem');
  });

  it('gives the engine a sentence with its listens and the picture it shows', () => {
    expect(sentenceItem(sentence(3), '/media/p.webp')).toMatchObject({
      id: 3,
      spanish: 'frase 3',
      attempts: 3,
      imageUrl: '/media/p.webp',
    });
  });

  it('shows the series’ picture where it has one, the book’s own elsewhere', () => {
    const sentences = [sentence(1, '/media/own1.webp'), sentence(2), sentence(3, '/media/own3.webp')];
    expect(sentencePictures(sentences, null)).toEqual(['/media/own1.webp', null, '/media/own3.webp']);
    expect(sentencePictures(sentences, new Map([[3, '/media/s3.webp']]))).toEqual([
      '/media/own1.webp',
      null,
      '/media/s3.webp',
    ]);
  });

  it('uses the nearest earlier picture as the background', () => {
    const pictures = [null, '/media/a.webp', null, null, '/media/b.webp'];
    expect(backgroundPicture(pictures, 0)).toBeNull();
    expect(backgroundPicture(pictures, 3)).toBe('/media/a.webp');
    expect(backgroundPicture(pictures, 4)).toBe('/media/b.webp');
    expect(backgroundPicture(pictures, 40)).toBe('/media/b.webp');
  });

  it('loads 10 pictures at first, then 5 ahead of the current sentence', () => {
    expect(picturesToPreload(0, 30, true)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(picturesToPreload(12, 30, false)).toEqual([13, 14, 15, 16, 17]);
    expect(picturesToPreload(27, 30, false)).toEqual([28, 29]);
    expect(picturesToPreload(0, 4, true)).toEqual([0, 1, 2, 3]);
  });

  it('lists the series a job draws now, counted as processed/total or 0/? before the job knows', () => {
    const list = [series(1, null), series(2, 'job-2'), series(3, 'job-3'), series(4, null)];
    expect(drawingSeries(list).map((entry) => entry.id)).toEqual([2, 3]);
    expect(jobCountLabel({ processed: 2, total: 7 })).toBe('2/7');
    expect(jobCountLabel({ processed: 0, total: 0 })).toBe('0/?');
    expect(jobCountLabel(undefined)).toBe('0/?');
  });

  it('sums pictures per provider and leaves out providers with none', () => {
    expect(
      picturesByProvider([
        { serviceProvider: 'original', count: 4 },
        { serviceProvider: 'builtin', count: 2 },
        { serviceProvider: 'builtin', count: 3 },
        { serviceProvider: 'leonardo', count: 0 },
      ]),
    ).toEqual([
      { provider: 'original', count: 4 },
      { provider: 'builtin', count: 5 },
    ]);
  });

  it('draws a series by the chosen service with its key, else by the learner’s own down to the built-in one', () => {
    const all = new Set(['leonardo', 'openai', 'builtin'] as const);
    const openai = new Set(['openai', 'builtin'] as const);
    const keyless = new Set(['builtin'] as const);
    expect(drawingProvider('leonardo', all)).toBe('leonardo');
    expect(drawingProvider('builtin', all)).toBe('builtin');
    expect(drawingProvider('leonardo', openai)).toBe('openai');
    expect(drawingProvider('leonardo', keyless)).toBe('builtin');
    expect(drawingProvider('openai', keyless)).toBe('builtin');
    expect(drawingProvider('openai', new Set(['leonardo', 'builtin'] as const))).toBe('leonardo');
  });

  it('names a series’ style from its id in the reader’s language, whatever name the row holds', () => {
    expect(seriesStyleName({ imageStyle: '3', styleName: null }, 'en')).toBe('Watercolor');
    expect(seriesStyleName({ imageStyle: '3', styleName: null }, 'ru')).toBe('Акварель');
    // A row written in the other language still reads in this one.
    expect(seriesStyleName({ imageStyle: '3', styleName: 'Акварель' }, 'en')).toBe('Watercolor');
    expect(seriesStyleName({ imageStyle: '8', styleName: 'film noir' }, 'ru-RU')).toBe('Нуар');
    expect(seriesStyleName({ imageStyle: '6', styleName: 'Мой стиль' }, 'en')).toBe('Мой стиль');
    expect(seriesStyleName({ imageStyle: null, styleName: null }, 'en')).toBe('Photorealistic');
  });
});

describe('the genre title', () => {
  const labelIn = (catalog: typeof ruCatalog) => (name: string) =>
    genreLabel(name, (key) => catalog.audiobooks.genre[key.split('.').at(-1) as 'scifi']);

  it('names every genre of the book, in its order, built-in ones in the interface language', () => {
    const book = { genre: 'adventure', genreNames: ['adventure', 'scifi', 'Мои сны'] };
    expect(genreTitle(book, labelIn(ruCatalog))).toBe('Приключения, Научная фантастика, Мои сны');
    expect(genreTitle(book, labelIn(enCatalog))).toBe('Adventure, Science fiction, Мои сны');
  });

  it('falls back to the first genre for a book that lists none, and to nothing', () => {
    expect(genreTitle({ genre: 'horror', genreNames: [] }, labelIn(ruCatalog))).toBe('Ужасы');
    expect(genreTitle({ genre: null, genreNames: [] }, labelIn(ruCatalog))).toBe('');
  });
});

describe('what the player shows before it plays', () => {
  const ready = {
    isIdValid: true,
    book: { data: { status: 'ready' as const }, error: null },
    sentences: { data: [sentence(1)], error: null },
    settings: { data: {}, error: null },
    isPositionPending: false,
  };
  const networkError = new TypeError('Failed to fetch');

  it('plays a ready book with sentences once everything is read', () => {
    expect(playerLoad(ready)).toEqual({ kind: 'ready' });
    expect(playerLoad({ ...ready, isPositionPending: true })).toEqual({ kind: 'loading' });
    expect(playerLoad({ ...ready, settings: { data: undefined, error: null } })).toEqual({ kind: 'loading' });
    expect(playerLoad({ ...ready, book: { data: undefined, error: null } })).toEqual({ kind: 'loading' });
  });

  it('reads as not found: a bad id, a 404, a book not ready, a book without sentences', () => {
    const notFound = { kind: 'notFound' };
    expect(playerLoad({ ...ready, isIdValid: false })).toEqual(notFound);
    expect(playerLoad({ ...ready, book: { data: undefined, error: new HttpError(404, '', {}) } })).toEqual(
      notFound,
    );
    expect(
      playerLoad({ ...ready, sentences: { data: undefined, error: new HttpError(404, '', {}) } }),
    ).toEqual(notFound);
    for (const status of ['processing', 'failed'] as const) {
      expect(playerLoad({ ...ready, book: { data: { status }, error: null } })).toEqual(notFound);
    }
    expect(playerLoad({ ...ready, sentences: { data: [], error: null } })).toEqual(notFound);
  });

  it('reads any other failure as failed, telling a lost connection from the server’s error', () => {
    expect(playerLoad({ ...ready, book: { data: undefined, error: networkError } })).toEqual({
      kind: 'failed',
      isNetwork: true,
      error: networkError,
    });
    const serverError = new HttpError(500, 'boom', {});
    expect(playerLoad({ ...ready, sentences: { data: undefined, error: serverError } })).toEqual({
      kind: 'failed',
      isNetwork: false,
      error: serverError,
    });
    // The settings too: the player cannot play without them.
    expect(playerLoad({ ...ready, settings: { data: undefined, error: networkError } })).toMatchObject({
      kind: 'failed',
      isNetwork: true,
    });
  });
});
