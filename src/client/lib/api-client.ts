/**
 * What an answer is parsed with: a shared zod schema everywhere but the auth status (its hand-written
 * parser keeps zod off the first page, docs/product/overview.md#serving-the-client). This module imports no
 * zod itself, so the first page does not load it.
 */
export interface AnswerParser<T> {
  parse(value: unknown): T;
}

export type QueryValue = string | number | boolean | null | undefined;
export type QueryParams = Readonly<Record<string, QueryValue>>;
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  query?: QueryParams;
  /** Sent as JSON, except FormData, which the browser encodes as multipart itself. */
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * A non-2xx answer. Keeps the status (401 is never retried) and the parsed body, whose code
 * `serverErrorText` (error-text.ts) renders for the learner.
 */
export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    /** The server's English developer `message`, or the raw text when the answer was not such JSON. */
    readonly detail: string,
    /** The answer parsed as JSON when possible, else the raw text. */
    readonly body: unknown,
  ) {
    super(detail ? `HTTP error! status: ${status}, message: ${detail}` : `HTTP error! status: ${status}`);
  }
}

/** fetch rejects with a TypeError when the request never got an answer (offline, DNS, CORS, server down). */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}

/**
 * Adds the query parameters, skipping empty ones, and the `_t` cache-buster: the product was served behind
 * caches that ignored Cache-Control, so every request carries a fresh timestamp
 * (docs/product/overview.md#shared-request-behaviour).
 */
export function buildRequestUrl(path: string, query: QueryParams | undefined, now: number): string {
  const queryStart = path.indexOf('?');
  const base = queryStart === -1 ? path : path.slice(0, queryStart);
  const params = new URLSearchParams(queryStart === -1 ? '' : path.slice(queryStart + 1));
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    params.append(key, String(value));
  }
  params.set('_t', String(now));
  return `${base}?${params.toString()}`;
}

function parseJsonOrText(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** The developer `message` of an error body (`ErrorBody` in shared/api/errors.ts), else the raw text. */
function errorDetail(body: unknown, text: string): string {
  if (typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string') {
    return body.message;
  }
  return text;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  parser: AnswerParser<T>,
  options: RequestOptions = {},
): Promise<T> {
  const { body, query, signal } = options;
  const hasBody = body !== undefined;
  const isFormData = typeof FormData !== 'undefined' && body instanceof FormData;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (hasBody && !isFormData) headers['Content-Type'] = 'application/json';

  const response = await fetch(buildRequestUrl(path, query, Date.now()), {
    method,
    headers,
    credentials: 'include',
    body: !hasBody ? undefined : isFormData ? body : JSON.stringify(body),
    signal,
  });

  const text = await response.text();
  const parsedBody = parseJsonOrText(text);
  if (!response.ok) {
    throw new HttpError(response.status, errorDetail(parsedBody, text), parsedBody);
  }
  return parser.parse(parsedBody);
}

/** Shorthands; every answer is parsed with the shared schema the caller passes. */
export const apiClient = {
  get: <T>(path: string, parser: AnswerParser<T>, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest('GET', path, parser, options),
  post: <T>(path: string, parser: AnswerParser<T>, options?: RequestOptions) =>
    apiRequest('POST', path, parser, options),
  put: <T>(path: string, parser: AnswerParser<T>, options?: RequestOptions) =>
    apiRequest('PUT', path, parser, options),
  patch: <T>(path: string, parser: AnswerParser<T>, options?: RequestOptions) =>
    apiRequest('PATCH', path, parser, options),
  delete: <T>(path: string, parser: AnswerParser<T>, options?: RequestOptions) =>
    apiRequest('DELETE', path, parser, options),
};
