/**
 * The audiobook sentences follow the learner's font size (docs/product/dictionary.md#word-card). Settings
 * store a percentage ('70'…'130'); the older named sizes are still understood.
 */
const NAMED_SCALES: Readonly<Record<string, number>> = {
  small: 0.875,
  medium: 1,
  large: 1.125,
  'very-large': 1.25,
};

export function sentenceFontScale(fontSize: string | null | undefined): number {
  if (!fontSize) return 1;
  const named = NAMED_SCALES[fontSize];
  if (named !== undefined) return named;
  const percent = Number.parseFloat(fontSize);
  return Number.isFinite(percent) && percent > 0 ? percent / 100 : 1;
}
