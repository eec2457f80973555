import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatcher } from '../../../src/server/lib/batching';

describe('createBatcher', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('answers calls made within the window in one batch, each with its own result', async () => {
    const batches: number[][] = [];
    const double = createBatcher(async (items: number[]) => {
      batches.push(items);
      return items.map((item) => item * 2);
    });
    const answers = Promise.all([double(1), double(2), double(3)]);
    await vi.advanceTimersByTimeAsync(10);
    expect(await answers).toEqual([2, 4, 6]);
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers the calls that arrive while a batch is written into the next one', async () => {
    const batches: string[][] = [];
    let release: () => void = () => undefined;
    const write = createBatcher(async (items: string[]) => {
      batches.push(items);
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
      return items.map(() => undefined);
    });
    const first = write('a');
    await vi.advanceTimersByTimeAsync(10);
    const later = [write('b'), write('c')];
    await vi.advanceTimersByTimeAsync(100);
    expect(batches).toEqual([['a']]);
    release();
    await Promise.all([first, ...later]);
    expect(batches).toEqual([['a'], ['b', 'c']]);
  });

  it('never passes more than the largest batch at once', async () => {
    const sizes: number[] = [];
    const echo = createBatcher(
      async (items: number[]) => {
        sizes.push(items.length);
        return items;
      },
      { maxBatchSize: 4 },
    );
    const answers = Promise.all(Array.from({ length: 10 }, (_, index) => echo(index)));
    await vi.advanceTimersByTimeAsync(10);
    expect(await answers).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sizes).toEqual([4, 4, 2]);
  });

  it('when a batch fails, tries each item alone so only the bad one fails', async () => {
    const check = createBatcher(async (items: number[]) => {
      if (items.includes(13)) throw new Error('unlucky');
      return items.map((item) => `ok ${item}`);
    });
    const answers = [check(12), check(13), check(14)].map((answer) =>
      answer.then(
        (value) => value,
        (error: unknown) => (error instanceof Error ? error.message : 'not an error'),
      ),
    );
    await vi.advanceTimersByTimeAsync(10);
    expect(await Promise.all(answers)).toEqual(['ok 12', 'unlucky', 'ok 14']);
  });
});
