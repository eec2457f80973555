/**
 * Plumbing shared by the three fakes: the request/response values the provider modules work with (they
 * never touch node:http directly, so a failure can be applied to any answer after the fact), and the
 * failure controls tests use to make a provider misbehave.
 */
import type { IncomingHttpHeaders } from 'node:http';

export type ProviderId = 'openai' | 'elevenlabs' | 'leonardo';
export const PROVIDER_IDS: readonly ProviderId[] = ['openai', 'elevenlabs', 'leonardo'];

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * - unauthorized: 401 with the provider's invalid-key body.
 * - rate_limit: 429 with `retry-after` (seconds).
 * - quota: the provider's "out of credit" answer (OpenAI 429 insufficient_quota, ElevenLabs 401
 *   quota_exceeded, Leonardo 400 "not enough api tokens").
 * - server_error: 500 with the provider's error shape.
 * - malformed_json: 200, `application/json`, the normal answer cut in half.
 * - hang: the request is read and never answered until the client gives up or the server closes.
 * - latency: the normal answer after `delayMs`.
 * - html_200: 200 `text/html`, a captive portal's or a proxy's page, instead of the answer.
 * - wrong_media: 200 where media is expected, but the bytes are a JSON error: a media answer keeps its
 *   content type (`audio/mpeg`, `image/png`…) over a JSON body; a JSON answer or event stream carrying
 *   base64 pictures (`b64_json`) carries base64 JSON instead. Other answers are unchanged.
 * - truncated: the normal answer's headers (its full content-length), half its body, then the socket
 *   is destroyed.
 */
export type FailureKind =
  | 'unauthorized'
  | 'rate_limit'
  | 'quota'
  | 'server_error'
  | 'malformed_json'
  | 'hang'
  | 'latency'
  | 'html_200'
  | 'wrong_media'
  | 'truncated';

export interface FailureOptions {
  /** How many matching requests are affected; failNext defaults to 1, setBehaviour to every request. */
  times?: number;
  /**
   * Limits the failure to a provider-relative path (`/chat/completions`, `/v1/text-to-speech`,
   * `/generations`): a string matches that path and everything below it; a RegExp is tested as is.
   */
  path?: string | RegExp;
  /** Limits the failure to one HTTP method (GET, POST…). */
  method?: string;
  /** rate_limit: the `retry-after` header in seconds (default 1); null sends no header. */
  retryAfterSeconds?: number | null;
  /** latency: the delay (default 1000 ms); any other kind: waited before failing (default 0). */
  delayMs?: number;
  /** Replaces the provider's error code/status string, e.g. ElevenLabs 'system_busy' for a 429. */
  code?: string;
  /** Replaces the provider's error message. */
  message?: string;
}

export interface FailureRule extends FailureOptions {
  kind: FailureKind;
  remaining: number;
}

export function ruleMatches(rule: FailureRule, method: string, path: string): boolean {
  if (rule.remaining <= 0) return false;
  if (rule.method !== undefined && rule.method.toUpperCase() !== method) return false;
  if (rule.path === undefined) return true;
  if (typeof rule.path === 'string') {
    const prefix = rule.path.endsWith('/') ? rule.path.slice(0, -1) : rule.path;
    return path === prefix || path.startsWith(`${prefix}/`);
  }
  return rule.path.test(path);
}

export interface FakeRequest {
  method: string;
  /** Relative to the provider's base, without the query: `/chat/completions`, `/v1/voices`, `/me`. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  /** The parsed JSON body; undefined when the body is empty or not JSON (see `bodyError`). */
  body: unknown;
  /** Set when a non-empty body failed to parse as JSON. */
  bodyError: string | undefined;
}

export interface FakeResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** Kept for malformed_json, which cuts the JSON text rather than arbitrary bytes. */
  isJson: boolean;
  /** truncated: only this many bytes of the body are sent before the socket is destroyed. */
  cutAfterBytes?: number;
}

export function jsonResponse(
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): FakeResponse {
  return {
    status,
    headers: { 'content-type': 'application/json', ...headers },
    body: Buffer.from(JSON.stringify(value)),
    isJson: true,
  };
}

export function bytesResponse(
  status: number,
  contentType: string,
  body: Buffer,
  headers: Record<string, string> = {},
): FakeResponse {
  return { status, headers: { 'content-type': contentType, ...headers }, body, isJson: false };
}

/** The normal answer cut short, as a dropped or proxied connection delivers it. */
export function malformed(response: FakeResponse): FakeResponse {
  const text = response.isJson ? response.body.toString('utf8') : '{"error": {"message": "upstream';
  const cut = response.isJson ? text.slice(0, Math.max(1, Math.floor(text.length / 2))) : text;
  return {
    status: 200,
    headers: { ...response.headers, 'content-type': 'application/json' },
    body: Buffer.from(cut),
    isJson: false,
  };
}

/** A captive portal's sign-in page, as a hotel or office network answers any request. */
export function htmlPage(): FakeResponse {
  return {
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    body: Buffer.from(
      '<!DOCTYPE html><html><head><title>Network sign-in</title></head>' +
        '<body><h1>Sign in to continue</h1><form method="post"><input name="code"></form></body></html>',
    ),
    isJson: false,
  };
}

const WRONG_MEDIA_BODY = JSON.stringify({
  error: { message: 'upstream returned an error', code: 'bad_gateway' },
});

/** The answer with its media replaced by JSON text (see wrong_media); answers without media unchanged. */
export function wrongMedia(response: FakeResponse): FakeResponse {
  if (response.status !== 200) return response;
  const isEventStream = (response.headers['content-type'] ?? '').startsWith('text/event-stream');
  if (!response.isJson && !isEventStream) return { ...response, body: Buffer.from(WRONG_MEDIA_BODY) };
  const replace = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(replace);
    if (!isRecord(value)) return value;
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        key === 'b64_json' && typeof inner === 'string'
          ? Buffer.from(WRONG_MEDIA_BODY).toString('base64')
          : replace(inner),
      ]),
    );
  };
  const rewrite = (json: string) => JSON.stringify(replace(JSON.parse(json) as unknown));
  if (!isEventStream) return { ...response, body: Buffer.from(rewrite(response.body.toString('utf8'))) };
  // Each event's data, as a streamed picture carries it.
  const events = response.body
    .toString('utf8')
    .split('\n')
    .map((line) => (line.startsWith('data: {') ? `data: ${rewrite(line.slice('data: '.length))}` : line));
  return { ...response, body: Buffer.from(events.join('\n')) };
}

/** The answer with only its first half sent (see truncated). */
export const truncated = (response: FakeResponse): FakeResponse => ({
  ...response,
  cutAfterBytes: Math.floor(response.body.length / 2),
});

/** What every provider module offers the server: its own answers, errors and key check. */
export interface ProviderFake {
  /** The answer for a request that passed the failure rules; undefined from `authenticate` means allowed. */
  authenticate(request: FakeRequest): FakeResponse | undefined;
  handle(request: FakeRequest): Promise<FakeResponse>;
  failure(kind: 'unauthorized' | 'rate_limit' | 'quota' | 'server_error', rule: FailureOptions): FakeResponse;
  reset(): void;
}

export function bearerToken(headers: IncomingHttpHeaders): string | undefined {
  const value = headers.authorization;
  if (value === undefined) return undefined;
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  return match?.[1]?.trim();
}

/** A stable 32-bit hash (FNV-1a) so every "random" choice in the fakes is derived from the input. */
export function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomId(length: number): string {
  let id = '';
  for (let i = 0; i < length; i++) id += ALPHANUMERIC.charAt(Math.floor(Math.random() * ALPHANUMERIC.length));
  return id;
}

export const unixSeconds = (): number => Math.floor(Date.now() / 1000);

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Serves generated media at URLs on the fake itself, as the real providers hand out CDN or blob URLs. */
export interface FileHost {
  /** Registers bytes rendered on first download; returns the absolute URL. */
  publish(fileName: string, contentType: string, render: () => Promise<Buffer> | Buffer): string;
  readonly origin: string;
}
