import { describe, expect, it } from 'vitest';
import type { Audiobook, Genre } from '../../../src/shared/api/audiobooks';
import {
  cardDate,
  filterByGenres,
  genreChips,
  nextPicture,
  sortGenres,
} from '../../../src/client/features/audiobooks/lib/library';
import { genreLabel } from '../../../src/client/lib/genre-label';

const book = (id: number, genreNames: string[]): Audiobook => ({
  id,
  title: `Книга ${id}`,
  genre: genreNames[0] ?? null,
  genreNames,
  genreIds: [],
  grammarLevel: 'B1',
  targetWordCount: 200,
  actualWordCountTotal: 0,
  actualWordCountSpanish: 0,
  sentenceCount: 0,
  activeWordsUsed: 0,
  totalActiveWords: 0,
  passiveWordsUsed: 0,
  totalPassiveWords: 0,
  listenCount: 0,
  coverImageData: null,
  imageCount: 0,
  imageStep: 3,
  verificationCompleted: false,
  selectedImageSeriesId: null,
  selectedSeries: null,
  status: 'ready',
  jobId: null,
  error: null,
  createdAt: '2026-03-05T10:00:00.000Z',
});

const translate = (key: string) =>
  ({ 'audiobooks.genre.horror': 'Ужасы', 'audiobooks.genre.scifi': 'Научная фантастика' })[key] ?? key;

describe('the library (docs/product/audiobooks.md#library)', () => {
  const books = [book(1, ['horror', 'Романтика']), book(2, ['horror']), book(3, ['scifi']), book(4, [])];

  it('offers a chip per genre some book has, with its count', () => {
    expect(genreChips(books)).toEqual([
      { name: 'horror', count: 2 },
      { name: 'Романтика', count: 1 },
      { name: 'scifi', count: 1 },
    ]);
  });

  it('filters by any of the selected genres, and shows all with none', () => {
    expect(filterByGenres(books, new Set()).map((b) => b.id)).toEqual([1, 2, 3, 4]);
    expect(filterByGenres(books, new Set(['Романтика', 'scifi'])).map((b) => b.id)).toEqual([1, 3]);
  });

  it('labels built-in genres through the catalogue and the learner’s own as named', () => {
    expect(genreLabel('horror', translate)).toBe('Ужасы');
    expect(genreLabel('Романтика', translate)).toBe('Романтика');
  });

  it('sorts genres by the label shown, or by creation', () => {
    const genres: Genre[] = [
      { id: 1, name: 'scifi', isBuiltin: true, createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 2, name: 'horror', isBuiltin: true, createdAt: '2026-01-01T00:00:00.000Z' },
      { id: 3, name: 'Азбука', isBuiltin: false, createdAt: '2026-02-01T00:00:00.000Z' },
    ];
    const label = (name: string) => genreLabel(name, translate);
    expect(sortGenres(genres, 'name', label, 'ru').map((g) => g.id)).toEqual([3, 1, 2]);
    expect(sortGenres(genres, 'createdAt', label, 'ru').map((g) => g.id)).toEqual([1, 2, 3]);
  });

  it('dates a card as dd.mm.yy', () => {
    expect(cardDate('2026-03-05T10:00:00.000Z')).toBe('05.03.26');
  });

  it('cycles through the book’s pictures and back to the first', () => {
    expect(nextPicture([], null)).toBeNull();
    expect(nextPicture(['a', 'b'], null)).toBe('a');
    expect(nextPicture(['a', 'b'], 'a')).toBe('b');
    expect(nextPicture(['a', 'b'], 'b')).toBe('a');
    expect(nextPicture(['a', 'b'], 'cover')).toBe('a');
  });
});
