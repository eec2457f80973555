import { vi } from 'vitest';

/**
 * `fetch` answered by the test instead of a server: each answer is registered by method and path, the
 * paths taken from the shared contract (`src/shared/api/*-paths.ts`, `jobPaths`…), never written out, so
 * a call that moves is followed by its tests. The client parses every answer with its real zod schema.
 */

export interface FakeRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface FakeAnswer {
  status?: number;
  body?: unknown;
}

export type FakeHandler = (request: FakeRequest) => FakeAnswer | Promise<FakeAnswer>;

export interface FakeApi {
  /** Answers `method path` (the path without its query) with the handler's answer, from now on. */
  on(method: string, path: string, handler: FakeHandler): void;
  /** Every request sent so far, in order. */
  readonly requests: readonly FakeRequest[];
  /** How many times `method path` was asked. */
  count(method: string, path: string): number;
  /** Requests no handler answered (they got a 404): a test expects none. */
  readonly unanswered: readonly string[];
  /** Handlers that threw (a fixture the shared schema refused, say): the client saw a network error. */
  readonly failures: readonly unknown[];
}

const keyOf = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** Replaces `fetch` until `vi.unstubAllGlobals()`. */
export function installFakeApi(): FakeApi {
  const handlers = new Map<string, FakeHandler>();
  const requests: FakeRequest[] = [];
  const unanswered: string[] = [];
  const failures: unknown[] = [];

  // The client calls fetch with a path and options, never with a Request.
  const fakeFetch = async (input: string | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(input, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const text = typeof init.body === 'string' ? init.body : undefined;
    const request: FakeRequest = {
      method,
      path: url.pathname,
      body: text === undefined ? undefined : (JSON.parse(text) as unknown),
    };
    requests.push(request);
    const handler = handlers.get(keyOf(method, url.pathname));
    if (!handler) {
      unanswered.push(keyOf(method, url.pathname));
      return new Response(JSON.stringify({ message: 'Not found', code: 'not_found' }), { status: 404 });
    }
    let answer: FakeAnswer;
    try {
      answer = await handler(request);
    } catch (error) {
      failures.push(error);
      throw error;
    }
    if (init.signal?.aborted) throw new DOMException('The operation was aborted.', 'AbortError');
    const status = answer.status ?? 200;
    return answer.body === undefined
      ? new Response(null, { status })
      : new Response(JSON.stringify(answer.body), {
          status,
          headers: { 'Content-Type': 'application/json' },
        });
  };
  vi.stubGlobal('fetch', vi.fn(fakeFetch));

  return {
    on: (method, path, handler) => void handlers.set(keyOf(method, path), handler),
    requests,
    count: (method, path) =>
      requests.filter((request) => keyOf(request.method, request.path) === keyOf(method, path)).length,
    unanswered,
    failures,
  };
}

/** A promise the test settles by hand: an answer held until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}
