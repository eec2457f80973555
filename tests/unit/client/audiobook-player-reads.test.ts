import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { audiobookQueryOptions } from '../../../src/client/features/audiobook-player/api/audiobook.api';
import { playerSettingsQueryOptions } from '../../../src/client/features/audiobook-player/api/player-settings.api';
import { sentencesQueryOptions } from '../../../src/client/features/audiobook-player/api/sentences.api';
import { HttpError } from '../../../src/client/lib/api-client';
import { createQueryClient } from '../../../src/client/lib/query-client';

/**
 * The player's reads (docs/product/audiobooks.md#player): the book, its sentences and the settings are each
 * asked again 3 times, 1 s apart, through the app's own query client; a 404 or 401 is not asked again.
 */

const READS = [
  ['the book', () => audiobookQueryOptions(7)],
  ['the sentences', () => sentencesQueryOptions(7)],
  ['the settings', () => playerSettingsQueryOptions()],
] as const;

let client: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  client = createQueryClient();
});
afterEach(() => {
  client.clear();
  vi.useRealTimers();
});

/** Runs a read whose answers fail `failures` times with `error`, then succeed; returns when each was asked. */
function readFailing(options: ReturnType<(typeof READS)[number][1]>, failures: number, error: Error) {
  const askedAt: number[] = [];
  const started = Date.now();
  const result = client
    .query({
      ...options,
      queryFn: () => {
        askedAt.push(Date.now() - started);
        if (askedAt.length <= failures) return Promise.reject(error);
        return Promise.resolve('answer' as never);
      },
    } as never)
    .then(
      (value) => ({ value }),
      (failure: unknown) => ({ failure }),
    );
  return { askedAt, result };
}

describe('the player’s reads', () => {
  it.each(READS)('asks for %s again 3 times, 1 s apart, after a network error', async (_name, options) => {
    const read = readFailing(options(), 3, new TypeError('Failed to fetch'));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(read.askedAt).toEqual([0, 1_000, 2_000]);
    await vi.advanceTimersByTimeAsync(1);
    expect(read.askedAt).toEqual([0, 1_000, 2_000, 3_000]);
    expect(await read.result).toEqual({ value: 'answer' });
  });

  it.each(READS)('gives %s up after the third retry', async (_name, options) => {
    const error = new HttpError(503, 'unavailable', undefined);
    const read = readFailing(options(), 10, error);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.askedAt).toEqual([0, 1_000, 2_000, 3_000]);
    expect(await read.result).toEqual({ failure: error });
  });

  it.each(READS)('does not ask for %s again when signed out', async (_name, options) => {
    const read = readFailing(options(), 10, new HttpError(401, '', undefined));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.askedAt).toEqual([0]);
  });

  it('does not ask again for a book that is not the learner’s', async () => {
    const read = readFailing(audiobookQueryOptions(7), 10, new HttpError(404, '', undefined));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read.askedAt).toEqual([0]);
  });
});
