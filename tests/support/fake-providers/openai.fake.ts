/**
 * Fake OpenAI (`/v1/models`, `/v1/chat/completions`, `/v1/images/generations`, `/v1/audio/speech`) with
 * the real status codes, headers and `{"error": {message, type, param, code}}` bodies, so the adapter's
 * error mapping is tested against what OpenAI actually sends. Chat answers follow json-schema-answer.ts.
 */
import { randomUUID } from 'node:crypto';
import {
  answerForSchema,
  extractInputWords,
  messageText,
  strictSchemaProblem,
  type ChatMessageLike,
  type InputWord,
  type JsonSchema,
} from './json-schema-answer';
import {
  bearerToken,
  bytesResponse,
  isRecord,
  jsonResponse,
  randomId,
  unixSeconds,
  type FailureOptions,
  type FakeRequest,
  type FakeResponse,
  type FileHost,
  type ProviderFake,
} from './fake-http';
import {
  imageContentType,
  renderImage,
  synthesiseMp3,
  synthesisePcm,
  synthesiseWav,
  type ImageFormat,
} from './media';

export const OPENAI_DEFAULT_KEY = 'sk-test-valid';

/** A prompt containing this text is refused by the image moderation, as a real unsafe prompt would be. */
export const OPENAI_MODERATION_TRIGGER = 'fake-moderation-block';

interface ModelEntry {
  id: string;
  created: number;
  owned_by: string;
  kind: 'chat' | 'image' | 'speech' | 'other';
}

export const OPENAI_MODELS: readonly ModelEntry[] = [
  { id: 'gpt-4o', created: 1715367049, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4o-2024-08-06', created: 1722814719, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4o-mini', created: 1721172741, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4o-mini-2024-07-18', created: 1721172717, owned_by: 'system', kind: 'chat' },
  { id: 'chatgpt-4o-latest', created: 1723515131, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4.1', created: 1744316542, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4.1-mini', created: 1744318173, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-4.1-nano', created: 1744321707, owned_by: 'system', kind: 'chat' },
  { id: 'gpt-3.5-turbo', created: 1677610602, owned_by: 'openai', kind: 'chat' },
  { id: 'gpt-image-1', created: 1745517030, owned_by: 'system', kind: 'image' },
  { id: 'gpt-image-1-mini', created: 1758845821, owned_by: 'system', kind: 'image' },
  { id: 'dall-e-3', created: 1698785189, owned_by: 'system', kind: 'image' },
  { id: 'dall-e-2', created: 1698798177, owned_by: 'system', kind: 'image' },
  { id: 'tts-1', created: 1681940951, owned_by: 'openai-internal', kind: 'speech' },
  { id: 'tts-1-hd', created: 1699046015, owned_by: 'system', kind: 'speech' },
  { id: 'gpt-4o-mini-tts', created: 1742403959, owned_by: 'system', kind: 'speech' },
  { id: 'whisper-1', created: 1677532384, owned_by: 'openai-internal', kind: 'other' },
  { id: 'text-embedding-3-small', created: 1705948997, owned_by: 'system', kind: 'other' },
];

/** OpenAI answers with the dated snapshot behind an alias; the app must report what came back. */
const SNAPSHOTS: Record<string, string> = {
  'gpt-4o': 'gpt-4o-2024-08-06',
  'gpt-4o-mini': 'gpt-4o-mini-2024-07-18',
  'gpt-4.1': 'gpt-4.1-2025-04-14',
  'gpt-4.1-mini': 'gpt-4.1-mini-2025-04-14',
  'gpt-4.1-nano': 'gpt-4.1-nano-2025-04-14',
  'gpt-3.5-turbo': 'gpt-3.5-turbo-0125',
};

const SPEECH_VOICES = [
  'alloy',
  'ash',
  'ballad',
  'coral',
  'echo',
  'fable',
  'onyx',
  'nova',
  'sage',
  'shimmer',
  'verse',
];
const NAME_PATTERN = /^[a-zA-Z0-9_-]+$/;

export type FinishReason = 'stop' | 'length' | 'content_filter';

export interface ChatAnswerContext {
  /** The parsed request body. */
  body: Record<string, unknown>;
  words: InputWord[];
  /** `response_format.json_schema.schema`, when sent. */
  schema: JsonSchema | undefined;
  /** The content the fake would have answered. */
  generated: string;
}

/**
 * A string is sent verbatim as `message.content` (so it may be invalid JSON); any other value is sent as
 * its JSON text; a function gets the request and returns either.
 */
export type ChatAnswer = string | number | boolean | object | ((context: ChatAnswerContext) => unknown);

export interface ChatAnswerOptions {
  /** Default 'stop'. 'length' with no answer cuts the generated JSON in half, as a token limit does. */
  finishReason?: FinishReason;
  /** Answers `content: null` with this refusal, as a model declining does. */
  refusal?: string;
  /** How many requests get this answer (default: all until reset or setChatAnswer(undefined)). */
  times?: number;
}

interface ChatOverride extends ChatAnswerOptions {
  answer: ChatAnswer | undefined;
  remaining: number;
}

export interface OpenAiErrorBody {
  message: string;
  type: string;
  param: string | null;
  code: string | null;
}

export function openAiError(
  status: number,
  error: OpenAiErrorBody,
  headers: Record<string, string> = {},
): FakeResponse {
  return jsonResponse(status, { error }, { 'x-request-id': `req_${randomId(32)}`, ...headers });
}

const invalidRequest = (message: string, param: string | null, code: string | null, status = 400) =>
  openAiError(status, { message, type: 'invalid_request_error', param, code });

const missingParameter = (param: string) =>
  invalidRequest(`Missing required parameter: '${param}'.`, param, 'missing_required_parameter');

const maskKey = (key: string): string =>
  key.length <= 8
    ? '*'.repeat(key.length)
    : `${key.slice(0, 3)}${'*'.repeat(Math.min(key.length - 7, 20))}${key.slice(-4)}`;

/** Rough token counts (about four characters a token), stable for a given text. */
export const countTokens = (text: string): number => Math.max(1, Math.ceil(text.length / 4));

interface StreamedCompletion {
  id: string;
  model: string;
  content: string | null;
  refusal: string | null;
  finishReason: FinishReason;
  usage: object | undefined;
}

/** `stream: true`: server-sent chat.completion.chunk events ending in `data: [DONE]`, as OpenAI sends. */
function streamedCompletion(completion: StreamedCompletion): FakeResponse {
  const created = unixSeconds();
  const withUsage = completion.usage !== undefined;
  const chunk = (choices: object[], usage?: object) => ({
    id: completion.id,
    object: 'chat.completion.chunk',
    created,
    model: completion.model,
    service_tier: 'default',
    system_fingerprint: 'fp_fake000000',
    choices,
    ...(withUsage ? { usage: usage ?? null } : {}),
  });
  const delta = (value: object, finishReason: FinishReason | null = null) => ({
    index: 0,
    delta: value,
    logprobs: null,
    finish_reason: finishReason,
  });
  const events: object[] = [chunk([delta({ role: 'assistant', content: '', refusal: null })])];
  const text = completion.content ?? '';
  // A few pieces are enough to exercise a client's reassembly of deltas.
  const pieceLength = Math.max(1, Math.ceil(text.length / 4));
  for (let i = 0; i < text.length; i += pieceLength)
    events.push(chunk([delta({ content: text.slice(i, i + pieceLength) })]));
  if (completion.refusal !== null) events.push(chunk([delta({ refusal: completion.refusal })]));
  events.push(chunk([delta({}, completion.finishReason)]));
  if (completion.usage !== undefined) events.push(chunk([], completion.usage));
  const body = `${events.map((event) => `data: ${JSON.stringify(event)}\n\n`).join('')}data: [DONE]\n\n`;
  return bytesResponse(200, 'text/event-stream; charset=utf-8', Buffer.from(body), {
    'x-request-id': `req_${randomId(32)}`,
    'cache-control': 'no-cache',
  });
}

export class OpenAiFake implements ProviderFake {
  readonly keys = new Set<string>([OPENAI_DEFAULT_KEY]);
  private chatOverride: ChatOverride | undefined;
  /** The tokens every chat completion answered so far reported in its `usage`. */
  readonly tokenUsage = { promptTokens: 0, completionTokens: 0 };

  constructor(private readonly files: FileHost) {}

  reset(): void {
    this.keys.clear();
    this.keys.add(OPENAI_DEFAULT_KEY);
    this.chatOverride = undefined;
    this.tokenUsage.promptTokens = 0;
    this.tokenUsage.completionTokens = 0;
  }

  setChatAnswer(answer: ChatAnswer | undefined, options: ChatAnswerOptions = {}): void {
    const isNoop =
      answer === undefined && options.finishReason === undefined && options.refusal === undefined;
    this.chatOverride = isNoop
      ? undefined
      : { ...options, answer, remaining: options.times ?? Number.POSITIVE_INFINITY };
  }

  authenticate(request: FakeRequest): FakeResponse | undefined {
    const key = bearerToken(request.headers);
    if (key === undefined) {
      return invalidRequest(
        "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY), or as the password field (with blank username) if you're accessing the API from your browser and are prompted for a username and password. You can obtain an API key from https://platform.openai.com/account/api-keys.",
        null,
        null,
        401,
      );
    }
    if (!this.keys.has(key)) return this.failure('unauthorized', {}, key);
    return undefined;
  }

  failure(
    kind: 'unauthorized' | 'rate_limit' | 'quota' | 'server_error',
    rule: FailureOptions,
    key = 'sk-invalid',
  ): FakeResponse {
    switch (kind) {
      case 'unauthorized':
        return openAiError(401, {
          message:
            rule.message ??
            `Incorrect API key provided: ${maskKey(key)}. You can find your API key at https://platform.openai.com/account/api-keys.`,
          type: 'invalid_request_error',
          param: null,
          code: rule.code ?? 'invalid_api_key',
        });
      case 'rate_limit': {
        const seconds = rule.retryAfterSeconds === undefined ? 1 : rule.retryAfterSeconds;
        const headers: Record<string, string> = {
          'x-ratelimit-limit-requests': '500',
          'x-ratelimit-remaining-requests': '0',
          'x-ratelimit-reset-requests': `${seconds ?? 1}s`,
        };
        if (seconds !== null) headers['retry-after'] = String(seconds);
        return openAiError(
          429,
          {
            message:
              rule.message ??
              `Rate limit reached for gpt-4o-mini in organization org-fake on requests per min (RPM): Limit 500, Used 500, Requested 1. Please try again in ${seconds ?? 1}s. Visit https://platform.openai.com/account/rate-limits to learn more.`,
            type: 'requests',
            param: null,
            code: rule.code ?? 'rate_limit_exceeded',
          },
          headers,
        );
      }
      case 'quota':
        // Same status as a rate limit: only `code` tells them apart, and retrying never helps.
        return openAiError(429, {
          message:
            rule.message ??
            'You exceeded your current quota, please check your plan and billing details. For more information on this error, read the docs: https://platform.openai.com/docs/guides/error-codes/api-errors.',
          type: 'insufficient_quota',
          param: null,
          code: rule.code ?? 'insufficient_quota',
        });
      case 'server_error':
        return openAiError(500, {
          message: rule.message ?? 'The server had an error while processing your request. Sorry about that!',
          type: 'server_error',
          param: null,
          code: rule.code ?? null,
        });
    }
  }

  async handle(request: FakeRequest): Promise<FakeResponse> {
    const { method, path } = request;
    if (method === 'GET' && path === '/models') return this.listModels();
    if (method === 'GET' && path.startsWith('/models/'))
      return this.getModel(decodeURIComponent(path.slice(8)));
    if (method === 'POST' && path === '/chat/completions') return this.chat(request);
    if (method === 'POST' && path === '/images/generations') return this.images(request);
    if (method === 'POST' && path === '/audio/speech') return this.speech(request);
    return invalidRequest(`Invalid URL (${method} /v1${path})`, null, null, 404);
  }

  private listModels(): FakeResponse {
    return jsonResponse(200, {
      object: 'list',
      data: OPENAI_MODELS.map(({ id, created, owned_by }) => ({ id, object: 'model', created, owned_by })),
    });
  }

  private getModel(id: string): FakeResponse {
    const model = OPENAI_MODELS.find((m) => m.id === id);
    if (!model) {
      return invalidRequest(`The model '${id}' does not exist`, 'model', 'model_not_found', 404);
    }
    return jsonResponse(200, {
      id: model.id,
      object: 'model',
      created: model.created,
      owned_by: model.owned_by,
    });
  }

  /** Body parse and `model` checks every POST endpoint shares. */
  private parseBody(
    request: FakeRequest,
  ): { ok: true; body: Record<string, unknown> } | { ok: false; response: FakeResponse } {
    if (request.bodyError !== undefined || !isRecord(request.body)) {
      const response = invalidRequest(
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON. If you have trouble figuring out how to fix this, please contact us through our help center at help.openai.com.)",
        null,
        null,
      );
      return { ok: false, response };
    }
    return { ok: true, body: request.body };
  }

  private chat(request: FakeRequest): FakeResponse {
    const parsed = this.parseBody(request);
    if (!parsed.ok) return parsed.response;
    const body = parsed.body;
    if (typeof body.model !== 'string' || body.model === '') {
      return invalidRequest('you must provide a model parameter', null, null);
    }
    if (body.messages === undefined) return missingParameter('messages');
    if (!Array.isArray(body.messages)) {
      return invalidRequest(
        `Invalid type for 'messages': expected an array of objects, but got ${typeof body.messages} instead.`,
        'messages',
        'invalid_type',
      );
    }
    if (body.messages.length === 0) {
      return invalidRequest(
        "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.",
        'messages',
        'empty_array',
      );
    }
    const model = OPENAI_MODELS.find((m) => m.id === body.model);
    if (!model) {
      return invalidRequest(
        `The model \`${body.model}\` does not exist or you do not have access to it.`,
        null,
        'model_not_found',
        404,
      );
    }
    if (model.kind !== 'chat') {
      return invalidRequest(
        'This is not a chat model and thus not supported in the v1/chat/completions endpoint. Did you mean to use v1/completions?',
        'model',
        null,
        404,
      );
    }
    const messages = body.messages as ChatMessageLike[];

    let schema: JsonSchema | undefined;
    let mode: 'text' | 'json_object' | 'json_schema' = 'text';
    const format = body.response_format;
    if (format !== undefined && format !== null) {
      if (!isRecord(format)) {
        return invalidRequest(
          `Invalid type for 'response_format': expected an object, but got ${typeof format} instead.`,
          'response_format',
          'invalid_type',
        );
      }
      if (format.type === 'json_schema') {
        const spec = format.json_schema;
        if (!isRecord(spec)) return missingParameter('response_format.json_schema');
        if (typeof spec.name !== 'string') return missingParameter('response_format.json_schema.name');
        if (spec.name.length > 64) {
          return invalidRequest(
            `Invalid 'response_format.json_schema.name': string too long. Expected a string with maximum length 64, but got a string with length ${spec.name.length} instead.`,
            'response_format.json_schema.name',
            'string_above_max_length',
          );
        }
        if (!NAME_PATTERN.test(spec.name)) {
          return invalidRequest(
            "Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$'.",
            'response_format.json_schema.name',
            'invalid_value',
          );
        }
        if (spec.strict === true) {
          const problem = strictSchemaProblem(spec.schema);
          if (problem) {
            return invalidRequest(
              `Invalid schema for response_format '${spec.name}': ${problem}`,
              'response_format',
              'invalid_json_schema',
            );
          }
        }
        schema = isRecord(spec.schema) ? spec.schema : { type: 'object', properties: {} };
        mode = 'json_schema';
      } else if (format.type === 'json_object') {
        const mentionsJson = messages.some((m) => /json/i.test(messageText(m.content)));
        if (!mentionsJson) {
          return invalidRequest(
            "'messages' must contain the word 'json' in some form, to use 'response_format' of type 'json_object'.",
            'messages',
            null,
          );
        }
        mode = 'json_object';
      } else if (format.type !== 'text') {
        return invalidRequest(
          `Invalid value: '${String(format.type)}'. Supported values are: 'text', 'json_object', and 'json_schema'.`,
          'response_format.type',
          'invalid_value',
        );
      }
    }

    const words = extractInputWords(messages);
    let generated: string;
    if (mode === 'json_schema' && schema !== undefined)
      generated = JSON.stringify(answerForSchema(schema, words));
    else if (mode === 'json_object') {
      generated = JSON.stringify(
        answerForSchema(
          {
            type: 'object',
            properties: {
              words: {
                type: 'array',
                items: {
                  type: 'object',
                  properties: { spanish: { type: 'string' }, russian: { type: 'string' } },
                },
              },
            },
          },
          words,
        ),
      );
    } else generated = `Respuesta de prueba: ${words.map((w) => w.word).join(', ')}.`;

    let content: string | null = generated;
    let refusal: string | null = null;
    let finishReason: FinishReason = 'stop';
    const override = this.chatOverride;
    if (override && override.remaining > 0) {
      override.remaining--;
      if (override.answer !== undefined) {
        const value =
          typeof override.answer === 'function'
            ? (override.answer as (context: ChatAnswerContext) => unknown)({ body, words, schema, generated })
            : override.answer;
        content = typeof value === 'string' ? value : JSON.stringify(value);
      }
      finishReason = override.finishReason ?? 'stop';
      if (override.answer === undefined && finishReason === 'length') {
        content = generated.slice(0, Math.floor(generated.length / 2));
      }
      if (override.answer === undefined && finishReason === 'content_filter') content = null;
      if (override.refusal !== undefined) {
        content = null;
        refusal = override.refusal;
      }
    }

    // A token limit below the answer's size cuts it, exactly as max_completion_tokens does.
    const limit =
      typeof body.max_completion_tokens === 'number'
        ? body.max_completion_tokens
        : typeof body.max_tokens === 'number'
          ? body.max_tokens
          : undefined;
    if (limit !== undefined && content !== null && countTokens(content) > limit) {
      content = content.slice(0, limit * 4);
      finishReason = 'length';
    }

    const promptTokens = messages.reduce((sum, m) => sum + 4 + countTokens(messageText(m.content)), 3);
    const completionTokens = countTokens(content ?? refusal ?? '');
    const n = typeof body.n === 'number' && body.n > 1 ? Math.min(body.n, 8) : 1;
    const id = `chatcmpl-${randomId(29)}`;
    const answeredModel = SNAPSHOTS[model.id] ?? model.id;
    const usage = {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens * n,
      total_tokens: promptTokens + completionTokens * n,
      prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: 0,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    };
    this.tokenUsage.promptTokens += usage.prompt_tokens;
    this.tokenUsage.completionTokens += usage.completion_tokens;
    if (body.stream === true) {
      const includeUsage = isRecord(body.stream_options) && body.stream_options.include_usage === true;
      return streamedCompletion({
        id,
        model: answeredModel,
        content,
        refusal,
        finishReason,
        usage: includeUsage ? usage : undefined,
      });
    }
    return jsonResponse(
      200,
      {
        id,
        object: 'chat.completion',
        created: unixSeconds(),
        model: answeredModel,
        choices: Array.from({ length: n }, (_, index) => ({
          index,
          message: { role: 'assistant', content, refusal, annotations: [] },
          logprobs: null,
          finish_reason: finishReason,
        })),
        usage,
        service_tier: 'default',
        system_fingerprint: 'fp_fake000000',
      },
      { 'x-request-id': `req_${randomId(32)}`, 'openai-processing-ms': '42', 'openai-version': '2020-10-01' },
    );
  }

  private async images(request: FakeRequest): Promise<FakeResponse> {
    const parsed = this.parseBody(request);
    if (!parsed.ok) return parsed.response;
    const body = parsed.body;
    if (typeof body.prompt !== 'string') return missingParameter('prompt');
    const modelId = typeof body.model === 'string' ? body.model : 'dall-e-2';
    const model = OPENAI_MODELS.find((m) => m.id === modelId && m.kind === 'image');
    if (!model) {
      return invalidRequest(
        `Invalid value: '${modelId}'. Value must be one of the image models.`,
        'model',
        'invalid_value',
      );
    }
    const isGptImage = modelId.startsWith('gpt-image');
    // The GPT image models always answer base64 and refuse the DALL·E parameter outright.
    if (isGptImage && body.response_format !== undefined) {
      return invalidRequest("Unknown parameter: 'response_format'.", 'response_format', 'unknown_parameter');
    }
    const n = body.n === undefined || body.n === null ? 1 : body.n;
    if (typeof n !== 'number' || !Number.isInteger(n)) {
      return invalidRequest(
        `Invalid type for 'n': expected an integer, but got ${typeof n} instead.`,
        'n',
        'invalid_type',
      );
    }
    if (n < 1 || n > 10) {
      return invalidRequest(
        `Invalid 'n': integer ${n < 1 ? 'below minimum' : 'above maximum'} value. Expected a value ${n < 1 ? '>= 1' : '<= 10'}, but got ${n} instead.`,
        'n',
        n < 1 ? 'integer_below_min_value' : 'integer_above_max_value',
      );
    }
    const maxPrompt = isGptImage ? 32000 : modelId === 'dall-e-3' ? 4000 : 1000;
    if (body.prompt.length > maxPrompt) {
      return invalidRequest(
        `Invalid 'prompt': string too long. Expected a string with maximum length ${maxPrompt}, but got a string with length ${body.prompt.length} instead.`,
        'prompt',
        'string_above_max_length',
      );
    }

    const sizes = isGptImage
      ? ['1024x1024', '1024x1536', '1536x1024', 'auto']
      : modelId === 'dall-e-3'
        ? ['1024x1024', '1792x1024', '1024x1792']
        : ['256x256', '512x512', '1024x1024'];
    const size = typeof body.size === 'string' ? body.size : isGptImage ? 'auto' : '1024x1024';
    if (!sizes.includes(size)) {
      const list = sizes.map((s) => `'${s}'`);
      return invalidRequest(
        `Invalid value: '${size}'. Supported values are: ${list.slice(0, -1).join(', ')}, and ${list.at(-1) ?? ''}.`,
        'size',
        'invalid_value',
      );
    }
    const [width, height] = (size === 'auto' ? '1024x1024' : size).split('x').map(Number) as [number, number];

    if (isGptImage) {
      if (body.prompt.includes(OPENAI_MODERATION_TRIGGER)) {
        return invalidRequest(
          'Your request was rejected by the safety system. If you believe this is an error, contact us at help.openai.com and include the request ID req_fake.',
          null,
          'moderation_blocked',
        );
      }
      const outputFormat: ImageFormat =
        body.output_format === 'jpeg' || body.output_format === 'webp' ? body.output_format : 'png';
      const quality =
        typeof body.quality === 'string' && ['low', 'medium', 'high'].includes(body.quality)
          ? body.quality
          : 'high';
      const images = await Promise.all(
        Array.from({ length: n }, (_, i) =>
          renderImage(width, height, `${body.prompt as string}#${i}`, outputFormat),
        ),
      );
      const textTokens = countTokens(body.prompt);
      const outputTokens = 1056 * n;
      const usage = {
        input_tokens: textTokens,
        input_tokens_details: { image_tokens: 0, text_tokens: textTokens },
        output_tokens: outputTokens,
        total_tokens: textTokens + outputTokens,
      };
      if (body.stream === true) {
        // Server-sent events as OpenAI streams a GPT image: partial pictures (none unless asked), then
        // `image_generation.completed` with the whole picture; one picture per call.
        const completed = {
          type: 'image_generation.completed',
          b64_json: (images[0] as Buffer).toString('base64'),
          created_at: unixSeconds(),
          size: `${width}x${height}`,
          quality,
          background: 'opaque',
          output_format: outputFormat,
          usage,
        };
        return bytesResponse(
          200,
          'text/event-stream; charset=utf-8',
          Buffer.from(`event: image_generation.completed\ndata: ${JSON.stringify(completed)}\n\n`),
          { 'cache-control': 'no-cache' },
        );
      }
      return jsonResponse(200, {
        created: unixSeconds(),
        background: 'opaque',
        data: images.map((image) => ({ b64_json: image.toString('base64') })),
        output_format: outputFormat,
        quality,
        size: `${width}x${height}`,
        usage,
      });
    }

    if (modelId === 'dall-e-3' && n !== 1) {
      return invalidRequest('You must provide n=1 for this model.', null, null);
    }
    const responseFormat = body.response_format ?? 'url';
    if (responseFormat !== 'url' && responseFormat !== 'b64_json') {
      return invalidRequest(
        `Invalid value: '${typeof responseFormat === 'string' ? responseFormat : JSON.stringify(responseFormat)}'. Supported values are: 'url' and 'b64_json'.`,
        'response_format',
        'invalid_value',
      );
    }
    if (body.prompt.includes(OPENAI_MODERATION_TRIGGER)) {
      return invalidRequest(
        'Your request was rejected as a result of our safety system. Your prompt may contain text that is not allowed by our safety system.',
        null,
        'content_policy_violation',
      );
    }
    const prompt = body.prompt;
    const data = await Promise.all(
      Array.from({ length: n }, async (_, i) => {
        const seed = `${prompt}#${i}`;
        const entry: Record<string, string> =
          responseFormat === 'b64_json'
            ? { b64_json: (await renderImage(width, height, seed, 'png')).toString('base64') }
            : {
                url: this.files.publish(`img-${randomUUID()}.png`, imageContentType('png'), () =>
                  renderImage(width, height, seed, 'png'),
                ),
              };
        // DALL·E 3 rewrites every prompt and says so.
        if (modelId === 'dall-e-3') entry.revised_prompt = `A detailed illustration: ${prompt}`;
        return entry;
      }),
    );
    return jsonResponse(200, { created: unixSeconds(), data });
  }

  private speech(request: FakeRequest): FakeResponse {
    const parsed = this.parseBody(request);
    if (!parsed.ok) return parsed.response;
    const body = parsed.body;
    if (typeof body.model !== 'string') return missingParameter('model');
    if (typeof body.input !== 'string') return missingParameter('input');
    if (typeof body.voice !== 'string') return missingParameter('voice');
    const model = OPENAI_MODELS.find((m) => m.id === body.model && m.kind === 'speech');
    if (!model) {
      return invalidRequest(
        `The model \`${body.model}\` does not exist or you do not have access to it.`,
        null,
        'model_not_found',
        404,
      );
    }
    if (body.input.length > 4096) {
      return invalidRequest(
        `Invalid 'input': string too long. Expected a string with maximum length 4096, but got a string with length ${body.input.length} instead.`,
        'input',
        'string_above_max_length',
      );
    }
    if (!SPEECH_VOICES.includes(body.voice)) {
      return invalidRequest(
        `Invalid value: '${body.voice}'. Supported values are: ${SPEECH_VOICES.map((v) => `'${v}'`).join(', ')}.`,
        'voice',
        'invalid_value',
      );
    }
    const format = body.response_format ?? 'mp3';
    // Real OpenAI speech is 24 kHz; MP3 at 24 kHz is MPEG-2 Layer III, which every decoder reads.
    if (format === 'wav') return bytesResponse(200, 'audio/wav', synthesiseWav(body.input, 24000));
    if (format === 'pcm') return bytesResponse(200, 'audio/pcm', synthesisePcm(body.input, 24000));
    if (format === 'mp3')
      return bytesResponse(200, 'audio/mpeg', synthesiseMp3(body.input, { sampleRate: 24000, kbps: 64 }));
    return invalidRequest(
      `Invalid value: '${typeof format === 'string' ? format : JSON.stringify(format)}'. Supported values are: 'mp3', 'wav' and 'pcm' in this fake (the real API also has 'opus', 'aac' and 'flac').`,
      'response_format',
      'invalid_value',
    );
  }
}
