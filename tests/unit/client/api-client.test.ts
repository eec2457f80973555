import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiClient, buildRequestUrl, HttpError } from '../../../src/client/lib/api-client';

function stubFetch(status: number, body: string) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => new Response(body, { status }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('buildRequestUrl', () => {
  it('adds non-empty parameters and a cache-busting timestamp', () => {
    expect(
      buildRequestUrl('/api/words', { search: 'casa', cefrLevel: undefined, partOfSpeech: '', limit: 7 }, 42),
    ).toBe('/api/words?search=casa&limit=7&_t=42');
  });

  it('keeps a query already in the path', () => {
    expect(buildRequestUrl('/api/words?active=true', undefined, 1)).toBe('/api/words?active=true&_t=1');
  });
});

describe('apiRequest', () => {
  it('sends JSON with credentials and parses the answer with the schema', async () => {
    const fetchMock = stubFetch(200, JSON.stringify({ isAuthenticated: true }));
    const answer = await apiClient.post('/auth/login', z.object({ isAuthenticated: z.boolean() }), {
      body: { email: 'a@b.c' },
    });
    expect(answer).toEqual({ isAuthenticated: true });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toMatch(/^\/auth\/login\?_t=\d+$/);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: '{"email":"a@b.c"}' });
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
  });

  it('fails with the developer message, keeping the status and the body', async () => {
    const body = { code: 'email_taken', message: 'A user with this e-mail already exists', error: 'dup' };
    stubFetch(409, JSON.stringify(body));
    const failure = await apiClient.get('/api/x', z.unknown()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    const httpError = failure as HttpError;
    expect(httpError.status).toBe(409);
    expect(httpError.message).toBe(
      'HTTP error! status: 409, message: A user with this e-mail already exists',
    );
    expect(httpError.body).toEqual(body);
  });

  it('uses the raw text when the answer is not JSON, and the bare status when empty', async () => {
    stubFetch(502, 'Bad Gateway');
    await expect(apiClient.get('/api/x', z.unknown())).rejects.toThrow(
      'HTTP error! status: 502, message: Bad Gateway',
    );
    stubFetch(500, '');
    await expect(apiClient.get('/api/x', z.unknown())).rejects.toThrow(/^HTTP error! status: 500$/);
  });

  it('rejects an answer that breaks the contract', async () => {
    stubFetch(200, JSON.stringify({ isAuthenticated: 'yes' }));
    await expect(
      apiClient.get('/api/auth/status', z.object({ isAuthenticated: z.boolean() })),
    ).rejects.toThrow();
  });
});
