import type { Audiobook, Genre } from '../../../../shared/api/audiobooks';

/**
 * The library's pure rules (docs/product/audiobooks.md#library): the chips and their counts,
 * the filter, and the card's date.
 */

export interface GenreChip {
  name: string;
  count: number;
}

/** A chip per genre some book has, with its number of books; genres no book has are not offered. */
export function genreChips(books: readonly Audiobook[]): GenreChip[] {
  const counts = new Map<string, number>();
  for (const book of books) {
    for (const name of new Set(book.genreNames)) counts.set(name, (counts.get(name) ?? 0) + 1);
  }
  return [...counts].map(([name, count]) => ({ name, count }));
}

/** The books having any selected genre; all of them with none selected. */
export function filterByGenres(books: readonly Audiobook[], selected: ReadonlySet<string>): Audiobook[] {
  if (selected.size === 0) return [...books];
  return books.filter((book) => book.genreNames.some((name) => selected.has(name)));
}

/** The card's date, dd.mm.yy as ru-RU writes it, in the learner's own time zone. */
export const cardDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('ru-RU', { day: '2-digit', month: '2-digit', year: '2-digit' });

/** Genres sorted for the manager: by the label shown (built-ins in the interface language) or by creation. */
export function sortGenres(
  genres: readonly Genre[],
  sortBy: 'name' | 'createdAt',
  label: (name: string) => string,
  locale: string,
): Genre[] {
  const sorted = [...genres];
  if (sortBy === 'name') sorted.sort((a, b) => label(a.name).localeCompare(label(b.name), locale));
  else sorted.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id);
  return sorted;
}

/** The next picture of the book's to show on its card, after `current` (cycling back to the first). */
export function nextPicture(pictures: readonly string[], current: string | null): string | null {
  if (pictures.length === 0) return null;
  const index = current === null ? -1 : pictures.indexOf(current);
  return pictures[(index + 1) % pictures.length] ?? null;
}
