/**
 * Numbers as the interface writes them, without `Intl.NumberFormat` where the form is simple: a page's first
 * one costs a phone some 120 ms while the browser loads its number-formatting data, inside the task that draws
 * the first screen (docs/product/overview.md#serving-the-client). Counts are whole numbers, written ru-RU in
 * every interface language: groups of three digits joined by a no-break space. The unit tests hold both
 * functions to `Intl`'s output.
 */

const NO_BREAK_SPACE = '\u00a0';

/** A count as ru-RU writes it ("12 345"); a fraction, or a number too large to be exact, goes to `Intl`. */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('ru-RU');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/g, NO_BREAK_SPACE);
  return value < 0 ? `-${grouped}` : grouped;
}

/** How each interface language writes a whole percentage after its number. */
const PERCENT_SIGNS: Readonly<Record<string, string>> = { ru: `${NO_BREAK_SPACE}%`, en: '%' };

/**
 * A share (0.9) as a whole percentage in the interface's language: "90 %" in Russian, "90%" in English.
 * Anything else (not a whole percentage from 0 to 999, or another language) goes to `Intl`.
 */
export function formatPercent(share: number, language: string): string {
  const percent = Math.round(share * 100);
  const sign = PERCENT_SIGNS[language];
  const isWholePercentage = percent >= 0 && percent < 1000 && Math.abs(share * 100 - percent) < 1e-9;
  if (sign === undefined || !isWholePercentage) {
    return new Intl.NumberFormat(language, { style: 'percent' }).format(share);
  }
  return `${percent}${sign}`;
}
