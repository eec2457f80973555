import { isBuiltinAudiobookGenre } from '../../shared/catalogs/audiobook-genres';

/**
 * A built-in genre's label in the interface language; a learner's own genre (or an unknown value) as it is
 * named (docs/product/audiobooks.md#genres). The library and the player both show genres.
 */
export const genreLabel = (name: string, translate: (key: string) => string): string =>
  isBuiltinAudiobookGenre(name) ? translate(`audiobooks.genre.${name}`) : name;
