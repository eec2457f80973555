import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { parseRange } from '../../../src/server/media/media.routes';
import { MAX_ANSWER_BYTES, providerFetch } from '../../../src/server/providers/http/provider-fetch';
import { parseRetryAfter, withRetries } from '../../../src/server/providers/http/retry';
import { toStrictJsonSchema } from '../../../src/server/providers/openai/strict-json-schema';
import { ProviderError } from '../../../src/server/providers/provider-error';
import { spokenText } from '../../../src/shared/text/spoken-text';

const transient = (retryAfterMs?: number) =>
  new ProviderError('provider_unavailable', 'openai', 'HTTP 429', { isRetryable: true, retryAfterMs });

describe('withRetries', () => {
  afterEach(() => vi.useRealTimers());

  it('tries again after a transient failure, waiting the retry-after the provider asked for', async () => {
    vi.useFakeTimers();
    const operation = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(transient(2000))
      .mockResolvedValue('ok');
    const result = withRetries(operation, { attempts: 3, baseDelayMs: 10, maxDelayMs: 5000 });
    await vi.advanceTimersByTimeAsync(1999);
    expect(operation).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('ok');
    expect(operation).toHaveBeenCalledTimes(2);
  });

  it('gives up after the last attempt with the provider’s error', async () => {
    const operation = vi.fn<() => Promise<string>>().mockRejectedValue(transient(0));
    await expect(
      withRetries(operation, { attempts: 3, baseDelayMs: 0, maxDelayMs: 10 }),
    ).rejects.toMatchObject({
      code: 'provider_unavailable',
    });
    expect(operation).toHaveBeenCalledTimes(3);
  });

  it('does not retry a failure that will not go away', async () => {
    const invalid = new ProviderError('provider_invalid_key', 'openai', '401');
    const operation = vi.fn<() => Promise<string>>().mockRejectedValue(invalid);
    await expect(withRetries(operation)).rejects.toBe(invalid);
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('does not wait longer than the policy allows', async () => {
    const operation = vi.fn<() => Promise<string>>().mockRejectedValue(transient(60_000));
    await expect(
      withRetries(operation, { attempts: 3, baseDelayMs: 10, maxDelayMs: 5000 }),
    ).rejects.toMatchObject({
      retryAfterMs: 60_000,
    });
    expect(operation).toHaveBeenCalledTimes(1);
  });

  it('reads retry-after as seconds or as a date', () => {
    expect(parseRetryAfter('3')).toBe(3000);
    expect(parseRetryAfter(new Date(10_000).toUTCString(), 4000)).toBe(6000);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
  });
});

describe('toStrictJsonSchema', () => {
  it('closes every object and requires every field, as OpenAI strict mode demands', () => {
    const schema = toStrictJsonSchema(
      z.object({ words: z.array(z.object({ spanish: z.string(), level: z.enum(['A1', 'A2']).nullable() })) }),
    );
    expect(schema).not.toHaveProperty('$schema');
    expect(schema).toMatchObject({ type: 'object', required: ['words'], additionalProperties: false });
    const item = (schema.properties as { words: { items: Record<string, unknown> } }).words.items;
    expect(item).toMatchObject({ required: ['spanish', 'level'], additionalProperties: false });
  });

  it('refuses an optional field, which strict mode cannot express', () => {
    expect(() => toStrictJsonSchema(z.object({ note: z.string().optional() }))).toThrow(/note/);
  });
});

describe('parseRange', () => {
  it('reads the three forms of a single range', () => {
    expect(parseRange('bytes=0-99', 1000)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=900-', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=-100', 1000)).toEqual({ start: 900, end: 999 });
    expect(parseRange('bytes=0-5000', 1000)).toEqual({ start: 0, end: 999 });
  });

  it('tells an unsatisfiable range from one it ignores', () => {
    expect(parseRange('bytes=1000-', 1000)).toBe('invalid');
    expect(parseRange('bytes=5-2', 1000)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 1000)).toBeUndefined();
    expect(parseRange(undefined, 1000)).toBeUndefined();
  });
});

describe('spokenText', () => {
  it('drops markers, emoji and trailing dots but keeps the article', () => {
    expect(spokenText('El **perro** come 🐶...')).toBe('El perro come');
    expect(spokenText('  la   casa…  ')).toBe('la casa');
    expect(spokenText('¿Qué tal? 👋🏽')).toBe('¿Qué tal?');
    expect(spokenText('España 🇪🇸')).toBe('España');
  });
});

describe('providerFetch', () => {
  it('refuses an answer longer than any the app uses, and drops the connection instead of reading on', async () => {
    let sent = 0;
    const closed = new Promise<void>((resolve) => {
      server.once('request', (_request, response: ServerResponse) => {
        response.writeHead(200, { 'content-type': 'audio/mpeg' });
        const chunk = Buffer.alloc(1024 * 1024);
        const write = () => {
          // An endless answer: it only stops when the client goes away.
          while (!response.destroyed && response.write(chunk)) sent += chunk.length;
          if (!response.destroyed) response.once('drain', write);
        };
        response.once('close', () => resolve());
        write();
      });
    });
    const port = (server.address() as AddressInfo).port;
    await expect(
      providerFetch({
        provider: 'openai',
        url: `http://127.0.0.1:${port}/speech`,
        headers: {},
        timeoutMs: 60_000,
      }),
    ).rejects.toMatchObject({ code: 'provider_bad_output', provider: 'openai' });
    await closed;
    expect(sent).toBeLessThan(MAX_ANSWER_BYTES * 2);
  });
});

const server = createServer();
beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
