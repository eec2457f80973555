import { MAX_INT32 } from '../../shared/api/fields';

/**
 * docs/product/dictionary.md#word-card: `/dictionary?word=<id>` opens the dictionary with that word's card
 * open; the upload report's 'edit' links to it.
 */
export const WORD_PARAM = 'word';

/** The word id of the parameter, or null for none or one that cannot be an id. */
export function wordIdOfParam(value: string | null): number | null {
  if (value === null || !/^[1-9]\d{0,9}$/u.test(value)) return null;
  const id = Number(value);
  return id <= MAX_INT32 ? id : null;
}

/** The dictionary with the word's card open. */
export const dictionaryWordPath = (wordId: number) => `/dictionary?${WORD_PARAM}=${wordId}`;
