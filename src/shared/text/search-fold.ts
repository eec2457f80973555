/**
 * docs/product/dictionary.md#search: the search ignores case and accents on both sides, so 'arbol' finds
 * 'el árbol', 'nino' finds 'el niño' and 'еж' finds 'ёж'. One rule, written as a table of characters, so
 * the server can apply the very same rule in SQL (`translate(lower(column), FROM, TO)`) on the embedded
 * database and on PostgreSQL without extensions, and the two sides cannot drift.
 */

/** Letters folded to a plain lower-case letter, lower- and upper-case alike. */
const BASE_FOLDS: ReadonlyArray<readonly [letters: string, plain: string]> = [
  ['áàâäã', 'a'],
  ['éèêë', 'e'],
  ['íìîï', 'i'],
  ['óòôöõ', 'o'],
  ['úùûü', 'u'],
  ['ñ', 'n'],
  ['ç', 'c'],
  ['ё', 'е'],
];

/**
 * Combining accents a decomposed text may carry ('n' + U+0303 for 'ñ'): dropped, so such text folds like
 * its composed form. The breve (U+0306) stays: 'й' decomposed is 'и' + breve, and й is not и.
 */
const DROPPED_MARKS = '\u0300\u0301\u0302\u0303\u0308';

/** Cyrillic capitals: the database's lower() may leave non-ASCII letters alone (the C locale does). */
const CYRILLIC_CAPITALS = 'АБВГДЕЖЗИЙКЛМНОПРСТУФХЦЧШЩЪЫЬЭЮЯ';

function buildTable(): { from: string; to: string } {
  let from = '';
  let to = '';
  const add = (letter: string, plain: string) => {
    if (from.includes(letter)) return;
    from += letter;
    to += plain;
  };
  for (const [letters, plain] of BASE_FOLDS) {
    for (const letter of letters) {
      add(letter, plain);
      add(letter.toUpperCase(), plain);
    }
  }
  for (const capital of CYRILLIC_CAPITALS) add(capital, capital.toLowerCase());
  return { from: from + DROPPED_MARKS, to };
}

/**
 * The fold as SQL `translate` arguments: `from[i]` becomes `to[i]`; the characters of `from` beyond the
 * length of `to` (the combining accents) are removed, as `translate` does.
 */
export const SEARCH_FOLD_TABLE: Readonly<{ from: string; to: string }> = buildTable();

const FOLDS = new Map<string, string>(
  Array.from(SEARCH_FOLD_TABLE.from, (letter, index) => [letter, SEARCH_FOLD_TABLE.to[index] ?? '']),
);

/** Lower case, then the table: what both sides compare, the text searched and the query alike. */
export function foldForSearch(text: string): string {
  let folded = '';
  for (const char of text.toLowerCase()) folded += FOLDS.get(char) ?? char;
  return folded;
}
