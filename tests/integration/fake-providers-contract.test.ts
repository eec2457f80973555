/**
 * The fake provider server must answer as the real OpenAI, ElevenLabs and Leonardo APIs do, or adapter
 * tests written against it prove nothing. Every body is validated against the providers' own published
 * OpenAPI schemas, tightened so that a field the spec does not know also fails. The schemas live in the repo
 * (tests/support/provider-contract/*.contract.json: the checked operations and their $ref closure, each file
 * naming the public spec and version it was extracted from), so the suite runs on every clone.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { ValidateFunction } from 'ajv';
import { MPEGDecoder } from 'mpg123-decoder';
import OpenAI from 'openai';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ELEVENLABS_TTS_ONLY_KEY, ELEVENLABS_VOICES } from '../support/fake-providers/elevenlabs.fake';
import { startFakeProviders, type FakeProviders } from '../support/fake-providers/fake-provider-server';
import { zodResponseFormat } from 'openai/helpers/zod';
import { z } from 'zod';
import { extractWordsFromText, FAKE_DICTIONARY } from '../support/fake-providers/json-schema-answer';
import { LEONARDO_USER_ID } from '../support/fake-providers/leonardo.fake';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const contractDir = path.join(repoRoot, 'tests/support/provider-contract');

type Node = Record<string, unknown>;
const isNode = (value: unknown): value is Node =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Walks the schema keywords only (never into a `properties` map as if it were a schema), marking every
 * object schema with properties and no additionalProperties as closed — except direct allOf members, which
 * would then reject each other's properties. OAS 3.0 `nullable` becomes a JSON Schema null type.
 */
function tightenSchema(node: unknown, inAllOf: boolean, convertNullable: boolean): void {
  if (!isNode(node)) return;
  if (convertNullable && node.nullable === true) {
    if (typeof node.type === 'string') node.type = [node.type, 'null'];
    if (Array.isArray(node.enum) && !node.enum.includes(null))
      node.enum = [...(node.enum as unknown[]), null];
  }
  if (isNode(node.properties) && node.additionalProperties === undefined && !inAllOf) {
    node.additionalProperties = false;
  }
  if (isNode(node.properties))
    for (const child of Object.values(node.properties)) tightenSchema(child, false, convertNullable);
  for (const key of ['items', 'additionalProperties', 'not', 'contains'])
    tightenSchema(node[key], false, convertNullable);
  for (const key of ['anyOf', 'oneOf', 'prefixItems']) {
    const list = node[key];
    if (Array.isArray(list)) for (const child of list) tightenSchema(child, false, convertNullable);
  }
  if (Array.isArray(node.allOf)) for (const child of node.allOf) tightenSchema(child, true, convertNullable);
}

/** Every `schema` under paths (inline response schemas) and every component schema. */
function tightenDocument(doc: Node, convertNullable: boolean): void {
  const components = isNode(doc.components) && isNode(doc.components.schemas) ? doc.components.schemas : {};
  for (const schema of Object.values(components)) tightenSchema(schema, false, convertNullable);
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (isNode(value)) {
      for (const [key, child] of Object.entries(value)) {
        if (key === 'schema') tightenSchema(child, false, convertNullable);
        else visit(child);
      }
    }
  };
  visit(doc.paths);
}

const escapePointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

interface SpecValidators {
  response(apiPath: string, method: string, status?: string, contentType?: string): ValidateFunction;
  component(name: string): ValidateFunction;
}

function loadSpec(name: 'openai' | 'elevenlabs' | 'leonardo'): SpecValidators {
  const doc = JSON.parse(readFileSync(path.join(contractDir, `${name}.contract.json`), 'utf8')) as Node;
  const isOas30 = typeof doc.openapi === 'string' && doc.openapi.startsWith('3.0');
  tightenDocument(doc, isOas30);
  // The document itself is not a valid JSON Schema (parameters use `required: true`), so it is registered
  // unchecked and only the fragments we point at are compiled; internal #/components refs resolve within it.
  const options = { strict: false, validateSchema: false, allErrors: true, logger: false as const };
  const ajv = isOas30 ? new Ajv(options) : new Ajv2020(options);
  addFormats(ajv);
  for (const format of ['unixtime', 'binary', 'int64', 'int32', 'double', 'float', 'srt', 'txt'])
    ajv.addFormat(format, true);
  const id = `https://fake-provider-contract.test/${name}.json`;
  ajv.addSchema(doc, id);
  const get = (pointer: string): ValidateFunction => {
    const validate = ajv.getSchema(`${id}#${pointer}`);
    if (!validate) throw new Error(`${name}: no schema at ${pointer}`);
    return validate;
  };
  return {
    response: (apiPath, method, status = '200', contentType = 'application/json') =>
      get(
        `/paths/${escapePointer(apiPath)}/${method}/responses/${status}/content/${escapePointer(contentType)}/schema`,
      ),
    component: (schemaName) => get(`/components/schemas/${escapePointer(schemaName)}`),
  };
}

function expectValid(validate: ValidateFunction, value: unknown): void {
  const ok = validate(value);
  expect(ok ? [] : validate.errors, 'response matches the provider spec').toEqual([]);
}

/** Validates a chat answer against the exact schema the request sent. */
function expectMatchesSentSchema(schema: object, value: unknown): void {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  expectValid(ajv.compile(schema), value);
}

async function decodeMp3(bytes: Uint8Array) {
  const decoder = new MPEGDecoder();
  await decoder.ready;
  try {
    return decoder.decode(bytes);
  } finally {
    decoder.free();
  }
}

const OPENAI_KEY = 'sk-test-valid';
const ELEVENLABS_KEY = 'el-test-valid';
const LEONARDO_KEY = 'leo-test-valid';

const wordSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['words'],
  properties: {
    words: {
      type: 'array',
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['spanish', 'russian', 'article', 'partOfSpeech', 'cefrLevel', 'example', 'exampleRussian'],
        properties: {
          spanish: { type: 'string' },
          russian: { type: 'string' },
          article: { anyOf: [{ type: 'string', enum: ['el', 'la'] }, { type: 'null' }] },
          partOfSpeech: { type: 'string', enum: ['noun', 'verb', 'adjective', 'adverb', 'other'] },
          cefrLevel: { type: 'string', enum: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] },
          example: { type: 'string' },
          exampleRussian: { type: 'string' },
        },
      },
    },
  },
};

const chatBody = (userText: string, schema: object = wordSchema, name = 'word_analysis') => ({
  model: 'gpt-4o-mini',
  messages: [
    { role: 'system', content: 'You are a Spanish teacher. Answer in JSON.' },
    { role: 'user', content: userText },
  ],
  response_format: { type: 'json_schema', json_schema: { name, schema, strict: true } },
});

describe('fake provider server', () => {
  let fake: FakeProviders;
  let openaiSpec: SpecValidators;
  let elevenlabsSpec: SpecValidators;
  let leonardoSpec: SpecValidators;

  beforeAll(async () => {
    fake = await startFakeProviders();
    openaiSpec = loadSpec('openai');
    elevenlabsSpec = loadSpec('elevenlabs');
    leonardoSpec = loadSpec('leonardo');
  });
  afterAll(async () => {
    await fake.close();
  });
  beforeEach(() => {
    fake.reset();
  });

  const openai = (
    apiPath: string,
    init: { method?: string; body?: unknown; key?: string; signal?: AbortSignal } = {},
  ) =>
    fetch(`${fake.openaiBaseUrl}${apiPath}`, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: { authorization: `Bearer ${init.key ?? OPENAI_KEY}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal ?? null,
    });
  const elevenlabs = (apiPath: string, init: { body?: unknown; key?: string } = {}) =>
    fetch(`${fake.elevenlabsBaseUrl}${apiPath}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { 'xi-api-key': init.key ?? ELEVENLABS_KEY, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  const leonardo = (apiPath: string, init: { body?: unknown; key?: string } = {}) =>
    fetch(`${fake.leonardoBaseUrl}${apiPath}`, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${init.key ?? LEONARDO_KEY}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });

  it('validates with teeth: the tightened specs reject fields the real APIs do not send', async () => {
    const body = await (await openai('/models')).json();
    expect(openaiSpec.response('/models', 'get')({ ...body, extra: true })).toBe(false);
    const me = await (await leonardo('/me')).json();
    expect(
      leonardoSpec.response('/me', 'get')({ user_details: [{ ...me.user_details[0], apiTokens: 1 }] }),
    ).toBe(false);
    expect(elevenlabsSpec.response('/v1/voices', 'get')({ voices: [{ voice_id: 'x' }] })).toBe(false);
  });

  describe('OpenAI', () => {
    it('lists models in the ListModelsResponse shape', async () => {
      const response = await openai('/models');
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(openaiSpec.response('/models', 'get'), body);
      const ids = (body.data as { id: string }[]).map((m) => m.id);
      expect(ids).toEqual(
        expect.arrayContaining([
          'gpt-4o',
          'gpt-4o-mini',
          'chatgpt-4o-latest',
          'gpt-image-1',
          'dall-e-3',
          'tts-1',
        ]),
      );
    });

    it('answers a json_schema chat completion with JSON derived from the input words', async () => {
      const response = await openai('/chat/completions', {
        body: chatBody('Analyse these words:\n1. perro\n2. el agua\n3. comer\n4. bicicleta - велосипед'),
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
      const body = await response.json();
      expectValid(openaiSpec.response('/chat/completions', 'post'), body);
      expect(body.object).toBe('chat.completion');
      expect(body.model).toBe('gpt-4o-mini-2024-07-18');
      expect(body.choices[0].finish_reason).toBe('stop');
      const usage = body.usage as {
        prompt_tokens: number;
        completion_tokens: number;
        total_tokens: number;
      };
      expect(usage.total_tokens).toBe(usage.prompt_tokens + usage.completion_tokens);

      const answer = JSON.parse(body.choices[0].message.content as string);
      expectMatchesSentSchema(wordSchema, answer);
      expect(answer.words).toEqual([
        {
          spanish: 'perro',
          russian: 'собака',
          article: 'el',
          partOfSpeech: 'noun',
          cefrLevel: 'A1',
          example: 'Esta frase usa **perro**.',
          exampleRussian: 'Эта фраза использует **собака**.',
        },
        expect.objectContaining({ spanish: 'el agua', russian: 'вода', article: 'el' }),
        expect.objectContaining({ spanish: 'comer', russian: 'есть', article: null, partOfSpeech: 'verb' }),
        expect.objectContaining({
          spanish: 'bicicleta',
          russian: 'велосипед',
          article: 'la',
          partOfSpeech: 'noun',
        }),
      ]);
      // Same request, same answer: tests may assert on exact values.
      const again = await (
        await openai('/chat/completions', {
          body: chatBody('Analyse these words:\n1. perro\n2. el agua\n3. comer\n4. bicicleta - велосипед'),
        })
      ).json();
      expect(again.choices[0].message.content).toBe(body.choices[0].message.content);
    });

    it('fills an arbitrary schema (nesting, $defs, enums, nullables, bounds) from a JSON array of words', async () => {
      const schema = {
        type: 'object',
        additionalProperties: false,
        required: ['title', 'count', 'items', 'meta'],
        $defs: {
          example: {
            type: 'object',
            additionalProperties: false,
            required: ['sentence', 'translation'],
            properties: { sentence: { type: 'string' }, translation: { type: 'string' } },
          },
        },
        properties: {
          title: { type: 'string', maxLength: 40 },
          count: { type: 'integer', minimum: 0 },
          items: {
            type: 'array',
            minItems: 1,
            items: {
              type: 'object',
              additionalProperties: false,
              required: [
                'id',
                'word',
                'translation',
                'gender',
                'plural',
                'level',
                'tags',
                'examples',
                'score',
                'known',
              ],
              properties: {
                id: { type: 'integer' },
                word: { type: 'string' },
                translation: { type: 'string' },
                gender: { type: ['string', 'null'], enum: ['masculine', 'feminine', null] },
                plural: { anyOf: [{ type: 'string' }, { type: 'null' }] },
                level: { type: 'string', enum: ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] },
                tags: { type: 'array', items: { type: 'string' }, maxItems: 3 },
                examples: { type: 'array', items: { $ref: '#/$defs/example' }, minItems: 2 },
                score: { type: 'number', minimum: 0, maximum: 1 },
                known: { type: 'boolean' },
              },
            },
          },
          meta: {
            type: 'object',
            additionalProperties: false,
            required: ['source', 'createdAt'],
            properties: {
              source: { type: ['string', 'null'] },
              createdAt: { type: 'string', format: 'date-time' },
            },
          },
        },
      };
      const input = [
        { id: 17, spanish: 'gato' },
        { id: 42, spanish: 'canción' },
        { id: 99, spanish: 'hablar' },
      ];
      const response = await openai('/chat/completions', {
        body: chatBody(`Enrich these words and return JSON:\n${JSON.stringify(input)}`, schema, 'Enrich-v2'),
      });
      expect(response.status).toBe(200);
      const answer = JSON.parse((await response.json()).choices[0].message.content as string);
      expectMatchesSentSchema(schema, answer);
      expect(answer.count).toBe(3);
      expect(answer.title).toBe('Historia: gato, canción, hablar');
      expect(
        (answer.items as { id: number; word: string }[]).map((item: { id: number; word: string }) => [
          item.id,
          item.word,
        ]),
      ).toEqual([
        [17, 'gato'],
        [42, 'canción'],
        [99, 'hablar'],
      ]);
      const [gato, cancion, hablar] = answer.items;
      expect(gato).toMatchObject({
        translation: FAKE_DICTIONARY.gato?.ru,
        gender: 'masculine',
        plural: 'gatos',
      });
      expect(cancion).toMatchObject({
        translation: 'песня',
        gender: 'feminine',
        plural: 'canciones',
        level: 'A2',
      });
      expect(hablar).toMatchObject({ translation: 'говорить', gender: null, plural: null });
      expect(gato.tags).toEqual(['animals']);
      expect(gato.examples).toHaveLength(2);
      expect(gato.examples[0]).toEqual({
        sentence: 'Esta frase usa **gato**.',
        translation: 'Эта фраза использует **кошка**.',
      });
    });

    it('enforces the json_schema name rule and strict-mode schema rules with OpenAI 400 bodies', async () => {
      const badName = await openai('/chat/completions', {
        body: chatBody('perro', wordSchema, 'word analysis'),
      });
      expect(badName.status).toBe(400);
      const badNameBody = await badName.json();
      expectValid(openaiSpec.component('ErrorResponse'), badNameBody);
      expect(badNameBody.error).toMatchObject({
        type: 'invalid_request_error',
        param: 'response_format.json_schema.name',
        code: 'invalid_value',
      });

      const longName = await openai('/chat/completions', {
        body: chatBody('perro', wordSchema, 'x'.repeat(65)),
      });
      expect(longName.status).toBe(400);
      expect((await longName.json()).error.code).toBe('string_above_max_length');
      expect(
        (await openai('/chat/completions', { body: chatBody('perro', wordSchema, 'a'.repeat(64)) })).status,
      ).toBe(200);

      const loose = { type: 'object', properties: { word: { type: 'string' } }, required: ['word'] };
      const notStrict = await openai('/chat/completions', { body: chatBody('perro', loose) });
      expect(notStrict.status).toBe(400);
      expect((await notStrict.json()).error).toMatchObject({
        param: 'response_format',
        message:
          "Invalid schema for response_format 'word_analysis': In context=(), 'additionalProperties' is required to be supplied and to be false.",
      });
      const optional = { ...loose, additionalProperties: false, required: [] };
      expect(
        (await (await openai('/chat/completions', { body: chatBody('perro', optional) })).json()).error
          .message,
      ).toContain("Missing 'word'");
    });

    it('setChatAnswer forces content, finish_reason and refusals', async () => {
      fake.setChatAnswer('{"words": [', { times: 1 });
      const forced = await (await openai('/chat/completions', { body: chatBody('perro') })).json();
      expect(forced.choices[0].message.content).toBe('{"words": [');
      const back = await (await openai('/chat/completions', { body: chatBody('perro') })).json();
      expect(JSON.parse(back.choices[0].message.content as string).words[0].spanish).toBe('perro');

      fake.setChatAnswer({ words: [{ spanish: 'x' }] });
      expect(
        (await (await openai('/chat/completions', { body: chatBody('perro') })).json()).choices[0].message
          .content,
      ).toBe('{"words":[{"spanish":"x"}]}');
      fake.setChatAnswer(({ words }) => ({ echoed: words.map((w) => w.word) }));
      const echoed = await (await openai('/chat/completions', { body: chatBody('gato\nperro') })).json();
      expect(JSON.parse(echoed.choices[0].message.content as string)).toEqual({
        echoed: ['gato', 'perro'],
      });

      fake.setChatAnswer(undefined, { finishReason: 'length' });
      const cut = await (await openai('/chat/completions', { body: chatBody('perro') })).json();
      expectValid(openaiSpec.response('/chat/completions', 'post'), cut);
      expect(cut.choices[0].finish_reason).toBe('length');
      expect(() => JSON.parse(cut.choices[0].message.content as string) as unknown).toThrow();

      fake.setChatAnswer(undefined, { refusal: "I'm sorry, I can't help with that." });
      const refused = await (await openai('/chat/completions', { body: chatBody('perro') })).json();
      expectValid(openaiSpec.response('/chat/completions', 'post'), refused);
      expect(refused.choices[0].message).toMatchObject({
        content: null,
        refusal: "I'm sorry, I can't help with that.",
      });
    });

    it('gpt-image-1 streams its picture as image_generation.completed, as the SDK reads it', async () => {
      const client = new OpenAI({ apiKey: OPENAI_KEY, baseURL: fake.openaiBaseUrl, maxRetries: 0 });
      const stream = await client.images.generate({
        model: 'gpt-image-1',
        prompt: 'un gato',
        size: '1024x1536',
        quality: 'medium',
        stream: true,
        partial_images: 0,
      });
      const events: OpenAI.Images.ImageGenStreamEvent[] = [];
      for await (const event of stream) events.push(event);
      expect(events.map((event) => event.type)).toEqual(['image_generation.completed']);
      const [completed] = events;
      expect(completed).toMatchObject({ size: '1024x1536', quality: 'medium', output_format: 'png' });
      const png = Buffer.from(completed!.b64_json, 'base64');
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1024, height: 1536 });
    });

    it('gpt-image-1 answers b64 PNGs of the requested size and rejects response_format', async () => {
      const response = await openai('/images/generations', {
        body: {
          model: 'gpt-image-1',
          prompt: 'un perro en la playa',
          size: '1536x1024',
          quality: 'low',
          n: 1,
        },
      });
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(openaiSpec.response('/images/generations', 'post'), body);
      const png = Buffer.from(body.data[0].b64_json as string, 'base64');
      expect(await sharp(png).metadata()).toMatchObject({ format: 'png', width: 1536, height: 1024 });

      const rejected = await openai('/images/generations', {
        body: { model: 'gpt-image-1', prompt: 'un perro', response_format: 'b64_json' },
      });
      expect(rejected.status).toBe(400);
      const error = await rejected.json();
      expectValid(openaiSpec.component('ErrorResponse'), error);
      expect(error.error).toEqual({
        message: "Unknown parameter: 'response_format'.",
        type: 'invalid_request_error',
        param: 'response_format',
        code: 'unknown_parameter',
      });
      // The log lets adapter tests assert what they sent.
      expect(
        fake.requestsTo('openai', '/images/generations').map((r) => 'response_format' in (r.body as object)),
      ).toEqual([false, true]);
    });

    it('dall-e-3 answers a URL served by the fake, or b64_json, and only n=1', async () => {
      const byUrl = await (
        await openai('/images/generations', {
          body: { model: 'dall-e-3', prompt: 'un gato', size: '1024x1024' },
        })
      ).json();
      expectValid(openaiSpec.response('/images/generations', 'post'), byUrl);
      expect(byUrl.data[0].revised_prompt).toContain('un gato');
      const download = await fetch(byUrl.data[0].url as string);
      expect(download.headers.get('content-type')).toBe('image/png');
      expect(await sharp(Buffer.from(await download.arrayBuffer())).metadata()).toMatchObject({
        width: 1024,
        height: 1024,
      });

      const b64 = await (
        await openai('/images/generations', {
          body: { model: 'dall-e-3', prompt: 'un gato', response_format: 'b64_json' },
        })
      ).json();
      expectValid(openaiSpec.response('/images/generations', 'post'), b64);
      expect(b64.data[0].b64_json).toEqual(expect.any(String));

      const two = await openai('/images/generations', {
        body: { model: 'dall-e-3', prompt: 'un gato', n: 2 },
      });
      expect(two.status).toBe(400);
      expect((await two.json()).error.message).toBe('You must provide n=1 for this model.');

      fake.expireFiles();
      expect((await fetch(byUrl.data[0].url as string)).status).toBe(404);
    });

    it('speaks real MP3 whose length grows with the input', async () => {
      const speak = async (input: string) => {
        const response = await openai('/audio/speech', { body: { model: 'tts-1', voice: 'alloy', input } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('audio/mpeg');
        return decodeMp3(new Uint8Array(await response.arrayBuffer()));
      };
      const short = await speak('Hola');
      const long = await speak('Hola, ¿cómo estás? Me llamo Lucía y vivo en Madrid.');
      expect(short.errors).toEqual([]);
      expect(short.samplesDecoded).toBeGreaterThan(0);
      expect(long.samplesDecoded).toBeGreaterThan(short.samplesDecoded);
    });

    it('refuses bad and missing keys with the real 401 bodies', async () => {
      const bad = await openai('/models', { key: 'sk-wrong-key-1234' });
      expect(bad.status).toBe(401);
      const body = await bad.json();
      expectValid(openaiSpec.component('ErrorResponse'), body);
      expect(body.error).toMatchObject({
        type: 'invalid_request_error',
        code: 'invalid_api_key',
        param: null,
      });
      expect(body.error.message).toContain('Incorrect API key provided');

      const missing = await fetch(`${fake.openaiBaseUrl}/models`);
      expect(missing.status).toBe(401);
      expect((await missing.json()).error.message).toContain("You didn't provide an API key");

      fake.addKey('openai', 'sk-added');
      expect((await openai('/models', { key: 'sk-added' })).status).toBe(200);
    });

    it('works with the official openai SDK, including its retry of a 429', async () => {
      const client = new OpenAI({ apiKey: OPENAI_KEY, baseURL: fake.openaiBaseUrl, maxRetries: 2 });
      fake.failNext('openai', 'rate_limit', { path: '/chat/completions', retryAfterSeconds: 0 });
      const completion = await client.chat.completions.create(
        chatBody('perro') as OpenAI.ChatCompletionCreateParamsNonStreaming,
      );
      expect(JSON.parse(completion.choices[0]?.message.content ?? '').words[0].russian).toBe('собака');
      expect(fake.requestsTo('openai', '/chat/completions')).toHaveLength(2);

      // Streaming reassembles to the same JSON as the plain answer.
      const stream = await client.chat.completions.create({
        ...(chatBody('perro') as OpenAI.ChatCompletionCreateParamsNonStreaming),
        stream: true,
        stream_options: { include_usage: true },
      });
      let streamed = '';
      let streamedUsage: OpenAI.CompletionUsage | null | undefined;
      for await (const chunk of stream) {
        streamed += chunk.choices[0]?.delta.content ?? '';
        streamedUsage = chunk.usage ?? streamedUsage;
      }
      expect(streamed).toBe(completion.choices[0]?.message.content);
      expect(streamedUsage?.total_tokens).toBe(completion.usage?.total_tokens);

      // The SDK's zod helper (strict schema, nullable unions) and its client-side parse accept the answer.
      const Analysis = z.object({
        words: z.array(
          z.object({
            spanish: z.string(),
            russian: z.string(),
            article: z.enum(['el', 'la']).nullable(),
            level: z.enum(['A1', 'A2', 'B1', 'B2', 'C1', 'C2']),
          }),
        ),
        note: z.string().nullable(),
      });
      const parsed = await client.chat.completions.parse({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'Analyse:\n- casa\n- vivir' }],
        response_format: zodResponseFormat(Analysis, 'analysis'),
      });
      expect(parsed.choices[0]?.message.parsed?.words).toEqual([
        { spanish: 'casa', russian: 'дом', article: 'la', level: 'A1' },
        { spanish: 'vivir', russian: 'жить', article: null, level: 'A1' },
      ]);

      const models = await client.models.list();
      expect(models.data.map((m) => m.id)).toContain('gpt-4o');

      fake.failNext('openai', 'quota');
      await expect(
        new OpenAI({ apiKey: OPENAI_KEY, baseURL: fake.openaiBaseUrl, maxRetries: 0 }).models.list(),
      ).rejects.toMatchObject({
        status: 429,
        code: 'insufficient_quota',
      });
    });
  });

  it('finds the input words in JSON, lists, pairs and labelled lines, skipping prose', () => {
    const words = (text: string) => extractWordsFromText(text).map((w) => [w.word, w.translation]);
    expect(words('Translate: perro')).toEqual([['perro', undefined]]);
    expect(words('Words: perro, gato, el agua.')).toEqual([
      ['perro', undefined],
      ['gato', undefined],
      ['el agua', undefined],
    ]);
    expect(words('Please analyse each of the following Spanish words:\n- perro — собака\n- gato')).toEqual([
      ['perro', 'собака'],
      ['gato', undefined],
    ]);
    expect(
      words('Here they are {"words": [{"id": 3, "word": "sol", "translation": "солнце"}]} thanks'),
    ).toEqual([['sol', 'солнце']]);
    expect(words('Use ONLY these: ["luna", "mano"]')).toEqual([
      ['luna', undefined],
      ['mano', undefined],
    ]);
  });

  describe('ElevenLabs', () => {
    it('lists voices in the GetVoicesResponseModel shape, with Spanish, Russian, English and Ukrainian ones', async () => {
      const response = await elevenlabs('/v1/voices');
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(elevenlabsSpec.response('/v1/voices', 'get'), body);
      type Voice = {
        labels: Record<string, string>;
        verified_languages: { language: string }[];
        preview_url: string;
      };
      const voices = body.voices as Voice[];
      const speaking = (language: string) =>
        voices.filter((v) => v.verified_languages.some((l) => l.language === language));
      expect(speaking('es').length).toBeGreaterThanOrEqual(3);
      expect(speaking('ru').length).toBeGreaterThanOrEqual(2);
      expect(speaking('en')).toHaveLength(1);
      expect(speaking('uk')).toHaveLength(1);
      const labelledSpanish = (v: Voice) =>
        ['spanish', 'es'].includes(v.labels.language ?? '') || v.labels.accent === 'spanish';
      expect(speaking('es').every(labelledSpanish)).toBe(true);
      expect(voices.filter(labelledSpanish)).toHaveLength(speaking('es').length);
      const preview = await fetch(voices[0]?.preview_url ?? '');
      expect(preview.headers.get('content-type')).toBe('audio/mpeg');
    });

    it('answers /v1/user with the subscription, and missing_permissions for a TTS-only key', async () => {
      fake.setElevenLabsSubscription({ character_count: 1200, character_limit: 30000, tier: 'starter' });
      const response = await elevenlabs('/v1/user');
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(elevenlabsSpec.response('/v1/user', 'get'), body);
      expect(body.subscription).toMatchObject({
        character_count: 1200,
        character_limit: 30000,
        tier: 'starter',
      });

      const restricted = await elevenlabs('/v1/user', { key: ELEVENLABS_TTS_ONLY_KEY });
      expect(restricted.status).toBe(401);
      expect((await restricted.json()).detail.status).toBe('missing_permissions');
      expect((await elevenlabs('/v1/voices', { key: ELEVENLABS_TTS_ONLY_KEY })).status).toBe(200);
      const voiceId = ELEVENLABS_VOICES[1].voice_id;
      expect(
        (
          await elevenlabs(`/v1/text-to-speech/${voiceId}`, {
            key: ELEVENLABS_TTS_ONLY_KEY,
            body: { text: 'hola' },
          })
        ).status,
      ).toBe(200);

      const bad = await elevenlabs('/v1/voices', { key: 'nope' });
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({
        detail: { status: 'invalid_api_key', message: 'Invalid API key' },
      });
    });

    it('synthesises real MP3 at the requested format and counts characters', async () => {
      const voiceId = ELEVENLABS_VOICES[1].voice_id;
      const tts = (text: string, format: string) =>
        elevenlabs(`/v1/text-to-speech/${voiceId}?output_format=${format}`, {
          body: {
            text,
            model_id: 'eleven_multilingual_v2',
            voice_settings: { stability: 0.5, similarity_boost: 0.75 },
          },
        });
      const response = await tts('El perro come.', 'mp3_22050_32');
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('audio/mpeg');
      const decoded = await decodeMp3(new Uint8Array(await response.arrayBuffer()));
      expect(decoded.sampleRate).toBe(22050);
      expect(decoded.samplesDecoded).toBeGreaterThan(0);
      expect(fake.getElevenLabsSubscription().character_count).toBe('El perro come.'.length);
      expect(fake.requestsTo('elevenlabs', '/v1/text-to-speech')[0]?.query.output_format).toBe(
        'mp3_22050_32',
      );
    });

    it('answers voice_not_found, 422 validation errors and quota_exceeded like ElevenLabs', async () => {
      const unknown = await elevenlabs('/v1/text-to-speech/doesNotExist123', { body: { text: 'hola' } });
      expect(unknown.status).toBe(400);
      expect((await unknown.json()).detail).toMatchObject({ status: 'voice_not_found' });

      const voiceId = ELEVENLABS_VOICES[1].voice_id;
      const noText = await elevenlabs(`/v1/text-to-speech/${voiceId}`, {
        body: { model_id: 'eleven_multilingual_v2' },
      });
      expect(noText.status).toBe(422);
      const validation = await noText.json();
      expectValid(elevenlabsSpec.response('/v1/text-to-speech/{voice_id}', 'post', '422'), validation);
      expect(validation.detail[0]).toMatchObject({ loc: ['body', 'text'], type: 'missing' });

      fake.setElevenLabsSubscription({ character_count: 9995, character_limit: 10000 });
      const over = await elevenlabs(`/v1/text-to-speech/${voiceId}`, { body: { text: 'Buenos días' } });
      expect(over.status).toBe(401);
      expect((await over.json()).detail.status).toBe('quota_exceeded');
    });
  });

  describe('Leonardo', () => {
    it('creates a generation, stays PENDING, then COMPLETEs with a downloadable image', async () => {
      // Long enough that the first poll is surely PENDING on a busy machine; lowered below to finish it.
      fake.setLeonardoGenerationDelay(60_000);
      const before = fake.getLeonardoTokens();
      const created = await leonardo('/generations', {
        body: {
          prompt: 'a red apple, watercolor',
          width: 512,
          height: 512,
          num_images: 1,
          alchemy: false,
          presetStyle: 'ILLUSTRATION',
        },
      });
      expect(created.status).toBe(200);
      const job = await created.json();
      expectValid(leonardoSpec.response('/generations', 'post'), job);
      const { generationId, apiCreditCost } = job.sdGenerationJob;
      expect(fake.getLeonardoTokens().apiSubscriptionTokens).toBe(
        before.apiSubscriptionTokens - apiCreditCost,
      );

      const pending = await (await leonardo(`/generations/${generationId}`)).json();
      expectValid(leonardoSpec.response('/generations/{id}', 'get'), pending);
      expect(pending.generations_by_pk).toMatchObject({ status: 'PENDING', generated_images: [] });

      fake.setLeonardoGenerationDelay(0);
      const done = await (await leonardo(`/generations/${generationId}`)).json();
      expectValid(leonardoSpec.response('/generations/{id}', 'get'), done);
      expect(done.generations_by_pk).toMatchObject({
        id: generationId,
        status: 'COMPLETE',
        prompt: 'a red apple, watercolor',
      });
      const [image] = done.generations_by_pk.generated_images;
      expect(image.nsfw).toBe(false);
      const download = await fetch(image.url as string);
      expect(download.headers.get('content-type')).toBe('image/jpeg');
      expect(await sharp(Buffer.from(await download.arrayBuffer())).metadata()).toMatchObject({
        format: 'jpeg',
        width: 512,
        height: 512,
      });

      const missing = await (await leonardo('/generations/00000000-0000-4000-8000-000000000000')).json();
      expect(missing).toEqual({ generations_by_pk: null });
    });

    it('failGeneration ends the next generation FAILED', async () => {
      fake.setLeonardoGenerationDelay(0);
      fake.failGeneration();
      const job = await (
        await leonardo('/generations', { body: { prompt: 'x', width: 512, height: 512, num_images: 1 } })
      ).json();
      const generation = await (
        await leonardo(`/generations/${job.sdGenerationJob.generationId as string}`)
      ).json();
      expect(generation.generations_by_pk).toMatchObject({ status: 'FAILED', generated_images: [] });
    });

    it('answers /me with settable token balances', async () => {
      fake.setLeonardoTokens({ apiSubscriptionTokens: 120, apiPaidTokens: 30 });
      const response = await leonardo('/me');
      expect(response.status).toBe(200);
      const body = await response.json();
      expectValid(leonardoSpec.response('/me', 'get'), body);
      expect(body.user_details[0]).toMatchObject({
        user: { id: LEONARDO_USER_ID, username: expect.any(String) },
        apiSubscriptionTokens: 120,
        apiPaidTokens: 30,
        subscriptionTokens: expect.any(Number),
        paidTokens: expect.any(Number),
        tokenRenewalDate: expect.any(String),
      });
      expect(body.user_details[0]).not.toHaveProperty('apiTokens');
    });

    it('refuses a bad key with the Hasura access-denied body and runs out of API tokens', async () => {
      const bad = await leonardo('/me', { key: 'wrong' });
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({
        error: 'Authentication hook unauthorized this request',
        path: '$',
        code: 'access-denied',
      });

      fake.setLeonardoTokens({ apiSubscriptionTokens: 5, apiPaidTokens: 0 });
      const broke = await leonardo('/generations', {
        body: { prompt: 'x', num_images: 1, width: 512, height: 512 },
      });
      expect(broke.status).toBe(400);
      expect(await broke.json()).toEqual({
        error: `not enough api tokens userId: ${LEONARDO_USER_ID}`,
        path: '$',
        code: 'unexpected',
      });
    });
  });

  describe('failure controls', () => {
    it('unauthorized: each provider’s real 401 even for a valid key', async () => {
      fake.failNext('openai', 'unauthorized');
      fake.failNext('elevenlabs', 'unauthorized');
      fake.failNext('leonardo', 'unauthorized');
      const [o, e, l] = await Promise.all([openai('/models'), elevenlabs('/v1/voices'), leonardo('/me')]);
      expect([o.status, e.status, l.status]).toEqual([401, 401, 401]);
      expect((await o.json()).error.code).toBe('invalid_api_key');
      expect((await e.json()).detail.status).toBe('invalid_api_key');
      expect((await l.json()).code).toBe('access-denied');
    });

    it('rate_limit: 429 with retry-after and each provider’s code', async () => {
      fake.failNext('openai', 'rate_limit', { retryAfterSeconds: 7 });
      fake.failNext('elevenlabs', 'rate_limit', { retryAfterSeconds: 3 });
      fake.failNext('leonardo', 'rate_limit');
      const [o, e, l] = await Promise.all([openai('/models'), elevenlabs('/v1/voices'), leonardo('/me')]);
      expect([o.status, e.status, l.status]).toEqual([429, 429, 429]);
      expect([
        o.headers.get('retry-after'),
        e.headers.get('retry-after'),
        l.headers.get('retry-after'),
      ]).toEqual(['7', '3', '1']);
      const openaiBody = await o.json();
      expectValid(openaiSpec.component('ErrorResponse'), openaiBody);
      expect(openaiBody.error.code).toBe('rate_limit_exceeded');
      expect((await e.json()).detail.status).toBe('too_many_concurrent_requests');
      expect(await l.json()).toMatchObject({
        path: '$',
        code: expect.any(String),
        error: expect.any(String),
      });

      fake.failNext('elevenlabs', 'rate_limit', { code: 'system_busy', retryAfterSeconds: null });
      const busy = await elevenlabs('/v1/voices');
      expect(busy.headers.get('retry-after')).toBeNull();
      expect((await busy.json()).detail.status).toBe('system_busy');
    });

    it('quota: OpenAI 429 insufficient_quota, ElevenLabs 401 quota_exceeded, Leonardo not enough api tokens', async () => {
      fake.failNext('openai', 'quota');
      fake.failNext('elevenlabs', 'quota');
      fake.failNext('leonardo', 'quota');
      const [o, e, l] = await Promise.all([openai('/models'), elevenlabs('/v1/voices'), leonardo('/me')]);
      expect([o.status, e.status, l.status]).toEqual([429, 401, 400]);
      expect((await o.json()).error).toMatchObject({
        code: 'insufficient_quota',
        type: 'insufficient_quota',
      });
      expect((await e.json()).detail.status).toBe('quota_exceeded');
      expect((await l.json()).error).toMatch(/^not enough api tokens/);
    });

    it('server_error: 500 in each provider’s error shape', async () => {
      fake.failNext('openai', 'server_error');
      fake.failNext('elevenlabs', 'server_error');
      fake.failNext('leonardo', 'server_error');
      const [o, e, l] = await Promise.all([openai('/models'), elevenlabs('/v1/voices'), leonardo('/me')]);
      expect([o.status, e.status, l.status]).toEqual([500, 500, 500]);
      expectValid(openaiSpec.component('ErrorResponse'), await o.json());
      expect((await e.json()).detail).toMatchObject({
        status: expect.any(String),
        message: expect.any(String),
      });
      expect(await l.json()).toMatchObject({ path: '$', code: 'unexpected' });
    });

    it('malformed_json: 200 application/json that does not parse', async () => {
      fake.failNext('openai', 'malformed_json', { path: '/chat/completions' });
      const response = await openai('/chat/completions', { body: chatBody('perro') });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json');
      const text = await response.text();
      expect(text.startsWith('{"id":"chatcmpl-')).toBe(true);
      expect(() => JSON.parse(text) as unknown).toThrow();
    });

    it('hang: never answers, so the client’s timeout fires; the server keeps serving', async () => {
      fake.failNext('openai', 'hang');
      await expect(openai('/models', { signal: AbortSignal.timeout(200) })).rejects.toMatchObject({
        name: 'TimeoutError',
      });
      expect((await openai('/models')).status).toBe(200);
    });

    it('html_200: a captive portal’s page with status 200 instead of the answer', async () => {
      fake.failNext('openai', 'html_200', { path: '/chat/completions' });
      const response = await openai('/chat/completions', { body: chatBody('perro') });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toMatch(/^<!DOCTYPE html>/);
      expect(
        (await openai('/chat/completions', { body: chatBody('perro') })).headers.get('content-type'),
      ).toBe('application/json');
    });

    it('wrong_media: JSON bytes where audio or a picture is expected, under the media’s content type', async () => {
      fake.failNext('openai', 'wrong_media', { path: '/audio/speech' });
      const speech = await openai('/audio/speech', {
        body: { model: 'tts-1', voice: 'alloy', input: 'hola' },
      });
      expect(speech.status).toBe(200);
      expect(speech.headers.get('content-type')).toBe('audio/mpeg');
      expect(await speech.json()).toMatchObject({ error: { message: expect.any(String) } });

      fake.failNext('openai', 'wrong_media', { path: '/images/generations' });
      const images = await (
        await openai('/images/generations', {
          body: { model: 'gpt-image-1', prompt: 'a dog', size: '1024x1024' },
        })
      ).json();
      expectValid(openaiSpec.response('/images/generations', 'post'), images);
      const bytes = Buffer.from(images.data[0].b64_json as string, 'base64');
      expect(JSON.parse(bytes.toString('utf8'))).toMatchObject({ error: expect.any(Object) });

      // Media downloads take failures too ('files', by file name).
      const voice = ELEVENLABS_VOICES[1].voice_id;
      const tts = await elevenlabs(`/v1/text-to-speech/${voice}`, { body: { text: 'hola' } });
      expect(tts.headers.get('content-type')).toBe('audio/mpeg');
      const { voices } = await (await elevenlabs('/v1/voices')).json();
      const preview = (voices as Array<{ preview_url: string }>)[0]!.preview_url;
      fake.failNext('files', 'wrong_media');
      const download = await fetch(preview);
      expect(download.headers.get('content-type')).toBe('audio/mpeg');
      expect(await download.json()).toMatchObject({ error: expect.any(Object) });
      expect((await fetch(preview)).status).toBe(200);
    });

    it('truncated: the full content-length promised, half the body sent, the connection dropped', async () => {
      fake.failNext('openai', 'truncated', { path: '/audio/speech' });
      const response = await openai('/audio/speech', {
        body: { model: 'tts-1', voice: 'alloy', input: 'hola' },
      });
      expect(response.status).toBe(200);
      expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
      await expect(response.arrayBuffer()).rejects.toThrow();
      expect((await openai('/models')).status).toBe(200);
    });

    it('latency delays the normal answer', async () => {
      fake.failNext('elevenlabs', 'latency', { delayMs: 250 });
      const started = Date.now();
      const response = await elevenlabs('/v1/voices');
      expect(response.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    });

    it('fails N times then succeeds, only on the targeted path and method', async () => {
      fake.failNext('openai', 'server_error', { times: 2, path: '/chat/completions' });
      expect((await openai('/models')).status).toBe(200);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++)
        statuses.push((await openai('/chat/completions', { body: chatBody('perro') })).status);
      expect(statuses).toEqual([500, 500, 200]);

      fake.failNext('leonardo', 'server_error', { path: '/generations', method: 'GET' });
      const job = await (
        await leonardo('/generations', { body: { prompt: 'x', width: 512, height: 512, num_images: 1 } })
      ).json();
      expect((await leonardo(`/generations/${job.sdGenerationJob.generationId as string}`)).status).toBe(500);
      expect((await leonardo(`/generations/${job.sdGenerationJob.generationId as string}`)).status).toBe(200);
    });

    it('setBehaviour stands until removed; reset clears everything', async () => {
      fake.setBehaviour('elevenlabs', 'server_error', { path: '/v1/text-to-speech' });
      const voiceId = ELEVENLABS_VOICES[1].voice_id;
      for (let i = 0; i < 3; i++) {
        expect((await elevenlabs(`/v1/text-to-speech/${voiceId}`, { body: { text: 'hola' } })).status).toBe(
          500,
        );
      }
      expect((await elevenlabs('/v1/voices')).status).toBe(200);
      fake.setBehaviour('elevenlabs', null);
      expect((await elevenlabs(`/v1/text-to-speech/${voiceId}`, { body: { text: 'hola' } })).status).toBe(
        200,
      );

      fake.setBehaviour('openai', 'unauthorized');
      fake.addKey('openai', 'sk-other');
      expect(fake.requests.length).toBeGreaterThan(0);
      fake.reset();
      expect(fake.requests).toHaveLength(0);
      expect((await openai('/models')).status).toBe(200);
      expect((await openai('/models', { key: 'sk-other' })).status).toBe(401);
    });

    it('logs what was sent', async () => {
      await openai('/chat/completions', { body: chatBody('perro') });
      const [logged] = fake.requestsTo('openai');
      expect(logged).toMatchObject({ provider: 'openai', method: 'POST', path: '/chat/completions' });
      expect(logged?.headers.authorization).toBe(`Bearer ${OPENAI_KEY}`);
      expect(
        (logged?.body as { response_format: { json_schema: { name: string } } }).response_format.json_schema
          .name,
      ).toBe('word_analysis');
      fake.clearRequests();
      expect(fake.requests).toHaveLength(0);
    });

    it('close() destroys hanging sockets instead of waiting for them', async () => {
      const other = await startFakeProviders();
      other.setBehaviour('leonardo', 'hang');
      const hanging = fetch(`${other.leonardoBaseUrl}/me`, {
        headers: { authorization: `Bearer ${LEONARDO_KEY}` },
      });
      const outcome = hanging.then(
        () => 'answered',
        () => 'failed',
      );
      await vi.waitUntil(() => other.requests.length > 0);
      // A close() that waited for the hanging socket would never resolve; the request fails instead.
      await other.close();
      expect(await outcome).toBe('failed');
    });
  });
});
