import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/**
 * The rows to draw while the list first appears: at most `limit` of those the virtualizer asks for, the rows
 * in view first, then those after them, then those before; in the list's order.
 */
export function firstRowsToDraw(range: Range, limit: number): number[] {
  const wanted = defaultRangeExtractor(range);
  if (wanted.length <= limit) return wanted;
  const rank = (index: number) =>
    index < range.startIndex ? 2 * range.count - index : index > range.endIndex ? range.count + index : index;
  return [...wanted]
    .sort((a, b) => rank(a) - rank(b))
    .slice(0, limit)
    .sort((a, b) => a - b);
}
