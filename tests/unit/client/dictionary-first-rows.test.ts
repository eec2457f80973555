import { describe, expect, it } from 'vitest';
import { firstRowsToDraw } from '../../../src/client/features/dictionary/lib/first-rows';

/** Rows 10–14 in view of 100, six rows of overscan on each side (4–20 asked for). */
const range = { startIndex: 10, endIndex: 14, overscan: 6, count: 100 };

describe('the dictionary rows drawn while the list first appears', () => {
  it('are the rows in view first, from the top, in the list’s order', () => {
    expect(firstRowsToDraw(range, 1)).toEqual([10]);
    expect(firstRowsToDraw(range, 3)).toEqual([10, 11, 12]);
    expect(firstRowsToDraw(range, 5)).toEqual([10, 11, 12, 13, 14]);
  });

  it('then the rows after the view, then those before it, nearest first', () => {
    expect(firstRowsToDraw(range, 7)).toEqual([10, 11, 12, 13, 14, 15, 16]);
    expect(firstRowsToDraw(range, 11)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(firstRowsToDraw(range, 13)).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
  });

  it('are all the virtualizer asks for once the limit reaches them, and none at a limit of 0', () => {
    const all = Array.from({ length: 17 }, (_, index) => index + 4);
    expect(firstRowsToDraw(range, 17)).toEqual(all);
    expect(firstRowsToDraw(range, Number.POSITIVE_INFINITY)).toEqual(all);
    expect(firstRowsToDraw(range, 0)).toEqual([]);
  });

  it('at the top of the list, are the first rows in order', () => {
    expect(firstRowsToDraw({ startIndex: 0, endIndex: 4, overscan: 6, count: 40 }, 8)).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
  });
});
