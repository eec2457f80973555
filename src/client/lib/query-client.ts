import { QueryClient } from '@tanstack/react-query';
import { HttpError } from './api-client';

const FIVE_MINUTES_MS = 5 * 60 * 1000;
const MAX_RETRIES = 3;
const MAX_RETRY_DELAY_MS = 30_000;

/** 401 means "signed out": asking again cannot help and would delay the redirect to /login. */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (error instanceof HttpError && error.status === 401) return false;
  return failureCount < MAX_RETRIES;
}

/** Doubles from 1 s up to 30 s (docs/product/overview.md#client-constants). */
export function queryRetryDelay(attemptIndex: number): number {
  return Math.min(1000 * 2 ** attemptIndex, MAX_RETRY_DELAY_MS);
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: FIVE_MINUTES_MS,
        gcTime: FIVE_MINUTES_MS,
        refetchOnWindowFocus: false,
        retry: shouldRetryQuery,
        retryDelay: queryRetryDelay,
      },
    },
  });
}

export const queryClient = createQueryClient();
