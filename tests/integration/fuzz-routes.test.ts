import type * as FastifyModule from 'fastify';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { PROVIDER_ERROR_CODES } from '../../src/server/providers/provider-error';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { registeredRoutes } from '../support/registered-routes';
import { seedWords } from '../support/word-seeds';

/**
 * Every JSON route and the upload route, with generated requests: bodies shaped like the route's own
 * schema but with wrong types, huge strings, NUL bytes, lone surrogates, deep nesting and extreme numbers
 * in any field; generated path ids and queries; a learner's cookie, a forged one or none. No request may
 * end in a server error (docs/product/errors.md#values-the-database-cannot-hold), and the server still
 * answers afterwards.
 *
 * The routes and their schemas come from the app itself (an `onRoute` hook on the Fastify instance
 * buildApp creates), so a route added later is fuzzed without being listed here. The run is bounded by
 * its number of cases, not by time; the seed is fixed so a failure replays.
 */

const collected = vi.hoisted(() => [] as RouteOptions[]);
vi.mock('fastify', async (importOriginal) => {
  const actual = await importOriginal<typeof FastifyModule>();
  const create = ((options?: Parameters<typeof actual.default>[0]) => {
    const instance = actual.default(options);
    instance.addHook('onRoute', (route) => {
      collected.push(route);
    });
    return instance;
  }) as typeof actual.default;
  return { ...actual, default: create };
});

/**
 * Cases in all. `npm test` runs 300 (a few seconds, with room on a loaded machine); `npm run test:fuzz`, which
 * CI runs after it on its own, runs 3,000. FUZZ_RUNS and FUZZ_SEED explore further by hand.
 */
const NUM_RUNS = Number(process.env.FUZZ_RUNS ?? 300);
const SEED = Number(process.env.FUZZ_SEED ?? 20240613);

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type FuzzRequest = {
  method: Method;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
};
type Route = { method: Method; url: string; schema: RouteOptions['schema'] };
type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minimum?: number;
  maximum?: number;
};

let testApp: TestApp;
let app: FastifyInstance;
let learner: TestUser;
let wordIds: number[] = [];
let routes: Route[] = [];
let cases = 0;

beforeAll(async () => {
  testApp = await buildTestApp({
    // No request leaves this machine: every provider call is answered here, as a refused key.
    providerFetch: () => Promise.resolve(new Response('{"error":{"message":"fuzz"}}', { status: 401 })),
  });
  app = testApp.app;
  learner = await registerUser(app);
  wordIds = await seedWords(testApp.database.db, learner.id, [
    { spanish: 'la casa', russian: 'дом' },
    { spanish: 'el perro', russian: 'собака', isActive: false, disabledAt: new Date() },
  ]);
  routes = collected.flatMap((route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]) as string[];
    // The socket upgrade is not a JSON route; logging out would end the session later cases use.
    if ((route as { websocket?: boolean }).websocket || /logout/.test(route.url)) return [];
    return methods
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => ({ method: method as Method, url: route.url, schema: route.schema }));
  });
});
afterAll(() => testApp.close());

it('collects every route the app answers', () => {
  // Routes may name a parameter differently at the same place (`…/sentences/:orderIndex` and
  // `…/sentences/:sentenceId/audio`): the tree prints one node for both, so names are compared as one.
  const shape = (route: string) => route.replace(/:[^/]+/g, ':param');
  const seen = new Set(routes.map((route) => shape(`${route.method} ${route.url}`)));
  const expected = registeredRoutes(app)
    .filter((route) => !/logout|^GET \/ws$/.test(route))
    .map(shape);
  expect(expected.filter((route) => !seen.has(route))).toEqual([]);
  expect(seen.size).toBe(expected.length);
});

it('answers every generated request without a server error, and still serves afterwards', async () => {
  const caseOf = fc.oneof(...routes.map((route) => requestFor(route)), {
    arbitrary: multipartUpload(),
    weight: 4,
  });
  await fc.assert(
    fc.asyncProperty(caseOf, async (request) => {
      cases += 1;
      const response = await app.inject(request);
      const body = safeJson(response.body);
      const code = typeof body?.code === 'string' ? body.code : undefined;
      // A provider's failure is reported as the provider's (502/503 with a provider_* code); anything
      // else at 5xx is the server's own.
      const isProviders = code !== undefined && (PROVIDER_ERROR_CODES as readonly string[]).includes(code);
      expect(
        response.statusCode < 500 || isProviders,
        `${request.method} ${request.url} → ${response.statusCode} ${response.body.slice(0, 300)}`,
      ).toBe(true);
    }),
    { numRuns: NUM_RUNS, seed: SEED },
  );
  console.info(`fuzz-routes: ${cases} generated requests over ${routes.length} routes (seed ${SEED})`);
  expect(cases).toBeGreaterThanOrEqual(NUM_RUNS);

  expect((await app.inject({ method: 'GET', url: '/api/auth/status' })).statusCode).toBe(200);
  const signedIn = await app.inject({
    method: 'GET',
    url: '/api/auth/user',
    headers: { cookie: learner.cookie },
  });
  expect(signedIn.statusCode).toBe(200);
  const list = await app.inject({ method: 'GET', url: '/api/words', headers: { cookie: learner.cookie } });
  expect(list.statusCode).toBe(200);
});

// ——— requests ———

function requestFor(route: Route): fc.Arbitrary<FuzzRequest> {
  const hasBody = route.method !== 'GET';
  const { schema } = route;
  return fc
    .record({
      path: pathFor(route.url),
      query: schema?.querystring ? queryFor(jsonSchemaOf(schema.querystring)) : rawQuery,
      body: hasBody ? bodyFor(schema?.body ? jsonSchemaOf(schema.body) : undefined) : fc.constant(undefined),
      cookie: cookie(),
      contentType: fc.constantFrom(
        'application/json',
        'application/json',
        'application/json',
        'application/json; charset=utf-8',
        'text/plain',
        undefined,
      ),
    })
    .map(({ path, query, body, cookie: value, contentType }) => ({
      method: route.method,
      url: query ? `${path}?${query}` : path,
      headers: {
        ...(value ? { cookie: value } : {}),
        ...(body !== undefined && contentType ? { 'content-type': contentType } : {}),
      },
      ...(body === undefined ? {} : { payload: body }),
    }));
}

function cookie(): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    { arbitrary: fc.constant(learner.cookie), weight: 6 },
    { arbitrary: fc.constant(undefined), weight: 2 },
    {
      arbitrary: fc.constantFrom('palabra_sid=%00', 'palabra_sid=abc.def', 'palabra_sid=' + 'a'.repeat(5000)),
      weight: 1,
    },
  );
}

/** Path parameters: the learner's own ids, ids no column holds, and things that are not ids at all. */
function pathFor(url: string): fc.Arbitrary<string> {
  const names = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  if (names.length === 0) return fc.constant(url);
  const value = fc.oneof(
    fc.constantFrom(...wordIds.map(String)),
    fc.constantFrom(
      '2147483647',
      '2147483648',
      '9007199254740991',
      '9007199254740993',
      '99999999999999999999',
      '-0',
      '0',
      '-1',
      '1.5',
      '1e308',
      'NaN',
      'Infinity',
      '0x10',
      ' 1',
      'abc',
      '00000000-0000-0000-0000-000000000000',
      'not-a-uuid',
      'a.mp3',
      `${'a'.repeat(64)}.mp3`,
      '..%2F..%2Fetc%2Fpasswd',
      'x'.repeat(300),
    ),
    fc.integer().map(String),
    nastyString.filter((text) => text.length > 0 && text.length < 2000),
  );
  return fc.tuple(...names.map(() => value)).map((values) => {
    let path = url;
    names.forEach((name, index) => {
      path = path.replace(`:${name}`, percentEncode(values[index]!));
    });
    return path;
  });
}

const rawQuery: fc.Arbitrary<string | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 4 },
  fc.constantFrom('search=%00', 'limit=1e308', 'limit=-0', 'a=%ED%A0%80', 'x[y][z]=1', '%zz=1'),
);

function queryFor(schema: JsonSchema): fc.Arbitrary<string | undefined> {
  return fc.oneof(
    rawQuery,
    valueFor(schema, 0).map((value) => {
      if (!value || typeof value !== 'object' || Array.isArray(value))
        return `q=${percentEncode(String(value))}`;
      return Object.entries(value)
        .flatMap(([key, item]) =>
          (Array.isArray(item) ? item : [item]).map(
            (one) => `${percentEncode(key)}=${percentEncode(String(one))}`,
          ),
        )
        .join('&');
    }),
  );
}

/** A JSON body: shaped like the route's schema with anything in its fields, or something else entirely. */
function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<string | undefined> {
  const shaped = schema ? valueFor(schema, 0) : nastyValue(0);
  return fc.oneof(
    { arbitrary: shaped.map((value) => JSON.stringify(value) as string | undefined), weight: 8 },
    { arbitrary: nastyValue(0).map((value) => JSON.stringify(value) as string | undefined), weight: 1 },
    { arbitrary: rawJson, weight: 1 },
    { arbitrary: fc.constant(undefined), weight: 1 },
  );
}

/** Texts JSON.stringify cannot write: numbers beyond a double, -0, broken JSON, deep nesting. */
const rawJson = fc.constantFrom(
  '{"id": 1e400, "listenCount": 1e400, "wordIds": [1e400]}',
  '{"attempts": -0, "listenCount": -0, "imageId": -0}',
  '{"text": "casa / дом\\u0000", "spanish": "\\u0000", "search": "\\ud800"}',
  '{"__proto__": {"isAdmin": true}, "constructor": {"prototype": {"x": 1}}}',
  'NaN',
  '{"a":',
  '\u0000',
  '"\\u0000"',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}`,
);

// ——— values ———

const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\uD800',
    'x\uDFFFy',
    'la casa / дом\uD83D',
    '\u0007\u001B\u0085\u009F',
    'NaN',
    '-0',
    '1e308',
    'Infinity',
    '2147483648',
    '9007199254740993',
    '__proto__',
    "'; DROP TABLE words; --",
    '%00',
    '\\u0000',
    'http://127.0.0.1:9/v1',
    'http://x/\u0000',
    'builtin:es-ES-m1',
    'casa / дом\ncasa / дом\nperro - собака',
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.constantFrom(600, 6000, 70_000, 1_100_000).map((length) => 'ñ\u0000'.repeat(length / 2)),
);

const extremeNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    1,
    -1,
    0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 32,
    2 ** 53 - 1,
    2 ** 53,
    -(2 ** 53),
    1e308,
    -1e308,
    Number.MIN_VALUE,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

function nastyValue(depth: number): fc.Arbitrary<unknown> {
  const leaves = fc.oneof(
    nastyString,
    extremeNumber,
    fc.boolean(),
    fc.constant(null),
    fc.integer({ min: 50, max: 3000 }).map((levels) => nested(levels)),
  );
  if (depth >= 2) return leaves;
  return fc.oneof(
    { arbitrary: leaves, weight: 4 },
    { arbitrary: fc.array(nastyValue(depth + 1), { maxLength: 4 }), weight: 1 },
    {
      arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), nastyValue(depth + 1), { maxKeys: 4 }),
      weight: 1,
    },
  );
}

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { a: value };
  return value;
}

/** A value of the schema's shape most of the time, anything at all in any place now and then. */
function valueFor(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  return fc.oneof(
    { arbitrary: shapedValue(schema, depth), weight: 3 },
    { arbitrary: nastyValue(2), weight: 1 },
  );
}

function shapedValue(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices && choices.length > 0) return fc.oneof(...choices.map((choice) => valueFor(choice, depth)));
  if ('const' in schema) return fc.constant(schema.const);
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        fc.string({ maxLength: 12 }),
        nastyString,
        schema.format === 'email'
          ? fc.constantFrom('ana@example.com', 'a\u0000@example.com')
          : fc.constant('x'),
        schema.format === 'uri'
          ? fc.constantFrom('http://127.0.0.1:9/v1', 'http://[::1]/\u0000')
          : fc.constant('y'),
      );
    case 'integer':
    case 'number': {
      const min = Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER);
      const max = Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        extremeNumber,
        fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) }),
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(valueFor(schema.items ?? {}, depth + 1), { maxLength: 6 });
    case 'object': {
      if (depth > 3 || !schema.properties)
        return fc.dictionary(fc.string({ maxLength: 8 }), nastyValue(2), { maxKeys: 3 });
      const fields = Object.fromEntries(
        Object.entries(schema.properties).map(([key, property]) => [key, valueFor(property, depth + 1)]),
      );
      return fc
        .tuple(
          fc.record(fields, { requiredKeys: [] }),
          fc.option(fc.tuple(fc.string({ maxLength: 8 }), nastyValue(2))),
        )
        .map(([record, extra]) => (extra ? { ...record, [extra[0]]: extra[1] } : record));
    }
    default:
      return nastyValue(depth);
  }
}

function jsonSchemaOf(schema: unknown): JsonSchema {
  try {
    return z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  } catch {
    return {};
  }
}

// ——— multipart ———

/** A .txt upload: any bytes, any names and fields, whole or cut anywhere, or no multipart at all. */
function multipartUpload(): fc.Arbitrary<FuzzRequest> {
  const content = fc.oneof(
    fc.uint8Array({ maxLength: 300 }).map((bytes) => Buffer.from(bytes)),
    nastyString.map((text) => Buffer.from(text, 'utf8')),
    fc.constant(Buffer.from('\uFEFFla casa / дом\n\u0000el perro\uD800 / собака\n', 'utf16le')),
    fc.constant(Buffer.alloc(1024 * 1024 + 5, 'a')),
  );
  const part = fc.record({
    name: fc.constantFrom('file', 'enhanceWithAI', 'generateImages', 'imageStyle', 'other', '\u0000'),
    filename: fc.option(
      fc.oneof(fc.constantFrom('list.txt', 'a.png', 'x\u0000.txt', '..\\..\\a.txt'), nastyString),
    ),
    type: fc.constantFrom('text/plain', 'application/octet-stream', 'text/plain; charset=utf-16', ''),
    content,
  });
  return fc
    .record({
      parts: fc.array(part, { minLength: 0, maxLength: 3 }),
      cutAt: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
      boundary: fc.constantFrom('----fuzz', 'x', '-'.repeat(100)),
      declaredBoundary: fc.option(fc.constantFrom('----fuzz', 'other', '')),
      cookie: cookie(),
      json: fc.boolean(),
    })
    .map(({ parts, cutAt, boundary, declaredBoundary, cookie: value, json }) => {
      if (json) {
        return {
          method: 'POST',
          url: '/api/words/upload',
          headers: { 'content-type': 'application/json', ...(value ? { cookie: value } : {}) },
          payload: JSON.stringify({ text: 'la casa / дом', file: 'x' }),
        };
      }
      const body = Buffer.concat([
        ...parts.flatMap(({ name, filename, type, content: bytes }) => [
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"` +
              (filename === null ? '' : `; filename="${filename}"`) +
              (type ? `\r\nContent-Type: ${type}` : '') +
              '\r\n\r\n',
            'utf8',
          ),
          bytes,
          Buffer.from('\r\n'),
        ]),
        Buffer.from(`--${boundary}--\r\n`),
      ]);
      const payload = cutAt === null ? body : body.subarray(0, Math.floor(body.length * cutAt));
      return {
        method: 'POST',
        url: '/api/words/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${declaredBoundary ?? boundary}`,
          ...(value ? { cookie: value } : {}),
        },
        payload,
      };
    });
}

// ——— helpers ———

/** encodeURIComponent, but a lone surrogate is sent as the bytes a careless client would send. */
function percentEncode(text: string): string {
  return Array.from(text)
    .map((char) => {
      try {
        return encodeURIComponent(char);
      } catch {
        const unit = char.charCodeAt(0);
        return [0xe0 | (unit >> 12), 0x80 | ((unit >> 6) & 63), 0x80 | (unit & 63)]
          .map((byte) => `%${byte.toString(16).toUpperCase()}`)
          .join('');
      }
    })
    .join('');
}

function safeJson(text: string): { code?: unknown } | undefined {
  try {
    return JSON.parse(text) as { code?: unknown };
  } catch {
    return undefined;
  }
}
