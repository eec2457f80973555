import { describe, expect, it } from 'vitest';
import { HttpError } from '../../../src/client/lib/api-client';
import { createQueryClient, queryRetryDelay, shouldRetryQuery } from '../../../src/client/lib/query-client';

describe('query defaults (docs/product/overview.md#client-constants)', () => {
  it('retries up to 3 times, never on 401', () => {
    const serverError = new HttpError(500, '', undefined);
    expect([0, 1, 2, 3].map((count) => shouldRetryQuery(count, serverError))).toEqual([
      true,
      true,
      true,
      false,
    ]);
    expect(shouldRetryQuery(0, new HttpError(401, '', undefined))).toBe(false);
  });

  it('doubles the delay from 1 s up to 30 s', () => {
    expect([0, 1, 2, 3, 4, 5, 10].map(queryRetryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it('keeps data fresh 5 minutes and does not refetch on focus', () => {
    const defaults = createQueryClient().getDefaultOptions().queries;
    expect(defaults).toMatchObject({ staleTime: 300_000, gcTime: 300_000, refetchOnWindowFocus: false });
  });
});
