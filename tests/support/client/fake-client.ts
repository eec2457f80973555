import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, onTestFinished, vi } from 'vitest';
import { toastStore } from '../../../src/client/ui/toast-store';
import { type FakeApi, installFakeApi } from './fake-api';
import { installFakeWebSocket } from './fake-web-socket';

/**
 * What every client test runs against, set up before each test and checked after it: a clock the test may
 * move (it still follows real time), a fake `/ws` socket and `fetch` answered by the test. After each test,
 * every call the screen made was one the test answered, with an answer the shared schema accepts.
 * Call at the top of a file, before its own `beforeEach`, and read `api` inside a test or a later hook.
 */
export function useFakeClient(): { readonly api: FakeApi } {
  let api: FakeApi | undefined;
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    installFakeWebSocket();
    api = installFakeApi();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    expect(api?.unanswered).toEqual([]);
    expect(api?.failures).toEqual([]);
  });
  return {
    get api() {
      if (!api) throw new Error('useFakeClient: api is read before the first beforeEach ran');
      return api;
    },
  };
}

/**
 * The text of each toast raised from now on (its title, else its description), in order, until the test ends.
 * Call inside a test or a `beforeEach`.
 */
export function recordToasts(): string[] {
  const seen = new Set<string>();
  const texts: string[] = [];
  const unsubscribe = toastStore.subscribe(() => {
    for (const { id, title, description } of toastStore.getState().toasts) {
      if (seen.has(id)) continue;
      seen.add(id);
      const text = title ?? description;
      texts.push(typeof text === 'string' ? text : '');
    }
  });
  onTestFinished(unsubscribe);
  return texts;
}
