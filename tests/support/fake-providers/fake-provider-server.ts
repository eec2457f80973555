/**
 * One loopback HTTP server standing in for OpenAI, ElevenLabs and Leonardo in tests
 * (docs/product/providers.md#fake-providers: "a fake provider server over loopback"). The app reaches it
 * through OPENAI_BASE_URL, ELEVENLABS_BASE_URL and LEONARDO_BASE_URL (D6), over real HTTP, so SDKs, fetch,
 * timeouts, retries and aborts all run for real.
 *
 *   /openai/v1/...             OpenAI (the SDK's baseURL ends in /v1)
 *   /elevenlabs/v1/...         ElevenLabs (base is the host root; clients append /v1/...)
 *   /leonardo/api/rest/v1/...  Leonardo
 *   /files/...                 media the fakes hand out as URLs (DALL·E urls, Leonardo images, voice previews)
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ElevenLabsFake, type ElevenLabsPermissions, type ElevenLabsSubscription } from './elevenlabs.fake';
import {
  htmlPage,
  malformed,
  PROVIDER_IDS,
  ruleMatches,
  type FailureKind,
  type FailureOptions,
  type FailureRule,
  type FakeRequest,
  type FakeResponse,
  type FileHost,
  type ProviderFake,
  type ProviderId,
  truncated,
  wrongMedia,
} from './fake-http';
import { LeonardoFake, type LeonardoTokens } from './leonardo.fake';
import { OpenAiFake, type ChatAnswer, type ChatAnswerOptions } from './openai.fake';

export type { ChatAnswer, ChatAnswerContext, ChatAnswerOptions, FinishReason } from './openai.fake';
export type { FailureKind, FailureOptions, ProviderId } from './fake-http';

/** Where a failure can be set: a provider's API, or the media URLs the fakes hand out (`/files/...`). */
export type FailureTarget = ProviderId | 'files';

export interface StartFakeProvidersOptions {
  /** Default 0: a free port chosen by the OS. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** How long a Leonardo generation stays PENDING (default 300 ms; reset() returns to this). */
  leonardoGenerationDelayMs?: number;
}

export interface RecordedRequest {
  provider: ProviderId | 'files';
  method: string;
  /** Relative to the provider's base URL, without the query: `/chat/completions`, `/v1/voices`, `/me`. */
  path: string;
  /** The path and query as received. */
  url: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body; the byte length when the body is not JSON; undefined when there is none. */
  body: unknown;
  /** Date.now() when the request arrived. */
  at: number;
}

export interface FakeProviders {
  /** `http://127.0.0.1:PORT` */
  readonly origin: string;
  readonly port: number;
  /** `http://127.0.0.1:PORT/openai/v1` — pass as the openai SDK's baseURL. */
  readonly openaiBaseUrl: string;
  /** `http://127.0.0.1:PORT/elevenlabs` — clients append `/v1/...`. */
  readonly elevenlabsBaseUrl: string;
  /** `http://127.0.0.1:PORT/leonardo/api/rest/v1` */
  readonly leonardoBaseUrl: string;
  /** OPENAI_BASE_URL, ELEVENLABS_BASE_URL and LEONARDO_BASE_URL pointing here (D6). */
  env(): { OPENAI_BASE_URL: string; ELEVENLABS_BASE_URL: string; LEONARDO_BASE_URL: string };
  /** The same three addresses as buildApp's `providerBaseUrls`. */
  readonly providerBaseUrls: { openai: string; elevenlabs: string; leonardo: string };

  /** Every request received since the last clearRequests()/reset(), oldest first. */
  readonly requests: readonly RecordedRequest[];
  /** The requests to one provider, optionally only those whose path starts with `pathPrefix`. */
  requestsTo(provider: ProviderId | 'files', pathPrefix?: string): RecordedRequest[];
  clearRequests(): void;

  /** Valid keys: openai 'sk-test-valid', elevenlabs 'el-test-valid' (+ 'el-test-tts-only', restricted), leonardo 'leo-test-valid'. */
  addKey(provider: ProviderId, key: string, options?: { permissions?: ElevenLabsPermissions }): void;
  removeKey(provider: ProviderId, key: string): void;

  /**
   * Queues a failure for the next matching request(s) (`times`, default 1); queued failures apply in order.
   * 'files' targets the media downloads (`path` is the file name); its error kinds answer plain text.
   */
  failNext(provider: FailureTarget, failure: FailureKind, options?: FailureOptions): void;
  /**
   * A standing failure for every matching request (or `times` of them) until reset; replaces the
   * provider's previous standing failure; null removes it. Queued failNext failures apply first.
   */
  setBehaviour(provider: FailureTarget, failure: FailureKind | null, options?: FailureOptions): void;

  /** Forces the chat answer (see ChatAnswer); undefined with no options returns to generated answers. */
  setChatAnswer(answer: ChatAnswer | undefined, options?: ChatAnswerOptions): void;

  /** The next `times` (default 1) Leonardo generations end FAILED. */
  failGeneration(options?: { times?: number }): void;
  /** A generation is PENDING while less than this has passed since its creation, checked at each poll. */
  setLeonardoGenerationDelay(ms: number): void;
  setLeonardoTokens(tokens: Partial<LeonardoTokens>): void;
  getLeonardoTokens(): LeonardoTokens;
  /** character_count grows with every synthesis; past character_limit TTS answers 401 quota_exceeded. */
  setElevenLabsSubscription(subscription: Partial<ElevenLabsSubscription>): void;
  getElevenLabsSubscription(): ElevenLabsSubscription;

  /** Every URL handed out so far answers 404 from now on, as expired CDN/blob links do. */
  expireFiles(): void;

  /** Chat-completion tokens answered since the last reset(), as their `usage` fields reported them. */
  readonly openaiTokenUsage: { promptTokens: number; completionTokens: number };

  /** Back to the start state: default keys, no failures, generated chat answers, no requests logged. */
  reset(): void;
  /** Stops listening and destroys open sockets, hanging requests included. */
  close(): Promise<void>;
}

const PREFIXES: readonly [ProviderId, string][] = [
  ['openai', '/openai/v1'],
  ['elevenlabs', '/elevenlabs'],
  ['leonardo', '/leonardo/api/rest/v1'],
];

interface PublishedFile {
  contentType: string;
  render: () => Promise<Buffer> | Buffer;
}

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

export async function startFakeProviders(options: StartFakeProvidersOptions = {}): Promise<FakeProviders> {
  let origin = '';
  const published = new Map<string, PublishedFile>();
  const files: FileHost = {
    get origin() {
      return origin;
    },
    publish(fileName, contentType, render) {
      if (!published.has(fileName)) published.set(fileName, { contentType, render });
      return `${origin}/files/${fileName.split('/').map(encodeURIComponent).join('/')}`;
    },
  };

  const openai = new OpenAiFake(files);
  const elevenlabs = new ElevenLabsFake(files);
  const leonardo = new LeonardoFake(files, options.leonardoGenerationDelayMs);
  const fakes: Record<ProviderId, ProviderFake> = { openai, elevenlabs, leonardo };

  const oneShot: Record<FailureTarget, FailureRule[]> = {
    openai: [],
    elevenlabs: [],
    leonardo: [],
    files: [],
  };
  const standing: Record<FailureTarget, FailureRule[]> = {
    openai: [],
    elevenlabs: [],
    leonardo: [],
    files: [],
  };
  const requests: RecordedRequest[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let closing = false;

  // Timers are cleared on close, which leaves the wait unresolved: its socket is destroyed anyway.
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  function takeRule(provider: FailureTarget, method: string, path: string): FailureRule | undefined {
    for (const list of [oneShot[provider], standing[provider]]) {
      const index = list.findIndex((rule) => ruleMatches(rule, method, path));
      if (index === -1) continue;
      const rule = list[index] as FailureRule;
      rule.remaining--;
      if (rule.remaining <= 0) list.splice(index, 1);
      return rule;
    }
    return undefined;
  }

  function send(response: ServerResponse, answer: FakeResponse, method: string): void {
    if (response.destroyed || response.writableEnded) return;
    response.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) });
    if (answer.cutAfterBytes !== undefined && method !== 'HEAD') {
      // The promised length never arrives: the client sees the connection drop mid-body.
      response.write(answer.body.subarray(0, answer.cutAfterBytes), () => response.destroy());
      return;
    }
    response.end(method === 'HEAD' ? undefined : answer.body);
  }

  /** The same failures for media downloads, which have no provider error shape: plain text. */
  const fileFailure = (kind: 'unauthorized' | 'rate_limit' | 'quota' | 'server_error'): FakeResponse => {
    const status = { unauthorized: 403, rate_limit: 429, quota: 403, server_error: 500 }[kind];
    return { status, headers: { 'content-type': 'text/plain' }, body: Buffer.from(kind), isJson: false };
  };

  /** The answer after the failure rules of `target`; `normal` makes the answer a working provider gives. */
  async function applyRules(
    target: FailureTarget,
    request: { method: string; path: string },
    normal: () => Promise<FakeResponse>,
  ): Promise<FakeResponse | 'hang'> {
    const rule = takeRule(target, request.method, request.path);
    if (!rule) return normal();
    if (rule.kind === 'latency') {
      await sleep(rule.delayMs ?? 1000);
      return normal();
    }
    if (rule.delayMs) await sleep(rule.delayMs);
    switch (rule.kind) {
      case 'hang':
        return 'hang';
      case 'malformed_json':
        return malformed(await normal());
      case 'html_200':
        return htmlPage();
      case 'wrong_media':
        return wrongMedia(await normal());
      case 'truncated':
        return truncated(await normal());
      case 'unauthorized':
      case 'rate_limit':
      case 'quota':
      case 'server_error':
        return target === 'files' ? fileFailure(rule.kind) : fakes[target].failure(rule.kind, rule);
    }
  }

  function answerFor(provider: ProviderId, request: FakeRequest): Promise<FakeResponse | 'hang'> {
    const fake = fakes[provider];
    return applyRules(
      provider,
      request,
      async () => fake.authenticate(request) ?? (await fake.handle(request)),
    );
  }

  async function serveFile(path: string): Promise<FakeResponse> {
    const file = published.get(path.split('/').map(decodeURIComponent).join('/'));
    if (!file)
      return {
        status: 404,
        headers: { 'content-type': 'text/plain' },
        body: Buffer.from('Not Found'),
        isJson: false,
      };
    const body = await file.render();
    return {
      status: 200,
      headers: { 'content-type': file.contentType, 'cache-control': 'public, max-age=3600' },
      body,
      isJson: false,
    };
  }

  async function onRequest(incoming: IncomingMessage, response: ServerResponse): Promise<void> {
    const rawBody = await readBody(incoming);
    const url = new URL(incoming.url ?? '/', 'http://fake.invalid');
    const method = (incoming.method ?? 'GET').toUpperCase();
    const match = PREFIXES.find(
      ([, prefix]) => url.pathname === prefix || url.pathname.startsWith(`${prefix}/`),
    );
    const isFile = url.pathname.startsWith('/files/');

    let body: unknown;
    let bodyError: string | undefined;
    if (rawBody.length > 0) {
      try {
        body = JSON.parse(rawBody.toString('utf8')) as unknown;
      } catch (error) {
        bodyError = error instanceof Error ? error.message : String(error);
      }
    }
    const path = match
      ? url.pathname.slice(match[1].length) || '/'
      : isFile
        ? url.pathname.slice('/files/'.length)
        : url.pathname;
    requests.push({
      provider: match ? match[0] : 'files',
      method,
      path,
      url: incoming.url ?? '/',
      query: Object.fromEntries(url.searchParams),
      headers: incoming.headers,
      body: rawBody.length === 0 ? undefined : bodyError === undefined ? body : rawBody.length,
      at: Date.now(),
    });

    if (!match) {
      const answer = isFile
        ? await applyRules('files', { method, path }, () => serveFile(path))
        : {
            status: 404,
            headers: { 'content-type': 'text/plain' },
            body: Buffer.from('Not Found'),
            isJson: false,
          };
      if (answer !== 'hang') send(response, answer, method);
      return;
    }
    const request: FakeRequest = {
      method,
      path,
      query: url.searchParams,
      headers: incoming.headers,
      rawBody,
      body,
      bodyError,
    };
    const answer = await answerFor(match[0], request);
    // A hanging request keeps its socket open; close() destroys it.
    if (answer !== 'hang') send(response, answer, method);
  }

  const server = createServer((incoming, response) => {
    onRequest(incoming, response).catch((error: unknown) => {
      console.error('fake provider server: handler failed', error);
      if (!closing) {
        send(
          response,
          {
            status: 500,
            headers: { 'content-type': 'text/plain' },
            body: Buffer.from(`fake provider bug: ${String(error)}`),
            isJson: false,
          },
          'GET',
        );
      }
    });
  });
  // Like the real hosts, connections stay open between calls (a short hint here would make every client
  // open a new connection per call, since undici treats a hint under 2 s as already expired); close()
  // ends them, so no test waits for the timeout.
  server.keepAliveTimeout = 60_000;

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  origin = `http://${host}:${address.port}`;

  const openaiBaseUrl = `${origin}/openai/v1`;
  const elevenlabsBaseUrl = `${origin}/elevenlabs`;
  const leonardoBaseUrl = `${origin}/leonardo/api/rest/v1`;

  const addRule = (
    list: FailureRule[],
    failure: FailureKind,
    options: FailureOptions,
    defaultTimes: number,
  ) => {
    list.push({ ...options, kind: failure, remaining: options.times ?? defaultTimes });
  };

  return {
    origin,
    port: address.port,
    openaiBaseUrl,
    elevenlabsBaseUrl,
    leonardoBaseUrl,
    providerBaseUrls: { openai: openaiBaseUrl, elevenlabs: elevenlabsBaseUrl, leonardo: leonardoBaseUrl },
    env: () => ({
      OPENAI_BASE_URL: openaiBaseUrl,
      ELEVENLABS_BASE_URL: elevenlabsBaseUrl,
      LEONARDO_BASE_URL: leonardoBaseUrl,
    }),

    get requests() {
      return requests;
    },
    get openaiTokenUsage() {
      return { ...openai.tokenUsage };
    },
    requestsTo: (provider, pathPrefix) =>
      requests.filter(
        (r) => r.provider === provider && (pathPrefix === undefined || r.path.startsWith(pathPrefix)),
      ),
    clearRequests: () => {
      requests.length = 0;
    },

    addKey(provider, key, keyOptions = {}) {
      if (provider === 'elevenlabs') elevenlabs.keys.set(key, keyOptions.permissions ?? 'all');
      else if (provider === 'openai') openai.keys.add(key);
      else leonardo.keys.add(key);
    },
    removeKey(provider, key) {
      (provider === 'elevenlabs'
        ? elevenlabs.keys
        : provider === 'openai'
          ? openai.keys
          : leonardo.keys
      ).delete(key);
    },

    failNext(provider, failure, failureOptions = {}) {
      addRule(oneShot[provider], failure, failureOptions, 1);
    },
    setBehaviour(provider, failure, failureOptions = {}) {
      standing[provider].length = 0;
      if (failure !== null) addRule(standing[provider], failure, failureOptions, Number.POSITIVE_INFINITY);
    },

    setChatAnswer: (answer, chatOptions) => openai.setChatAnswer(answer, chatOptions),

    failGeneration: (generationOptions = {}) => leonardo.failGenerations(generationOptions.times ?? 1),
    setLeonardoGenerationDelay: (ms) => {
      leonardo.generationDelayMs = ms;
    },
    setLeonardoTokens: (tokens) => {
      leonardo.tokens = { ...leonardo.tokens, ...tokens };
    },
    getLeonardoTokens: () => ({ ...leonardo.tokens }),
    setElevenLabsSubscription: (subscription) => {
      elevenlabs.subscription = { ...elevenlabs.subscription, ...subscription };
    },
    getElevenLabsSubscription: () => ({ ...elevenlabs.subscription }),

    expireFiles: () => published.clear(),

    reset() {
      for (const provider of PROVIDER_IDS) fakes[provider].reset();
      for (const target of [...PROVIDER_IDS, 'files'] as const) {
        oneShot[target].length = 0;
        standing[target].length = 0;
      }
      requests.length = 0;
    },

    close() {
      closing = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Includes idle keep-alive sockets and requests deliberately left hanging.
        server.closeAllConnections();
      });
    },
  };
}
