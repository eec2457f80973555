/**
 * Numbers as the interface writes them, by `Intl.NumberFormat`. Counts are written ru-RU in every interface
 * language (groups of three digits joined by a no-break space); percentages in the interface's language.
 */

/** A count as ru-RU writes it ("12 345"). */
export const formatCount = (value: number): string => value.toLocaleString('ru-RU');

/** A share (0.9) as a percentage in the interface's language: "90 %" in Russian, "90%" in English. */
export const formatPercent = (share: number, language: string): string =>
  new Intl.NumberFormat(language, { style: 'percent' }).format(share);
