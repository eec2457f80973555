import { z } from 'zod';
import { retryPolicyOf, withRetries } from '../http/retry';
import type { JsonCompletion, JsonCompletionRequest, LanguageModel } from '../language-model';
import { ProviderError } from '../provider-error';
import { callSignal, createOpenAiClient, type OpenAiConnection, overallTimeout } from './openai-client';
import { fromOpenAiError } from './openai-errors';
import { toStrictJsonSchema } from './strict-json-schema';

const COMPLETION_TIMEOUT_MS = 60_000;
const LIST_TIMEOUT_MS = 15_000;
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Model families that cannot chat; listing them in a chat-model picker only confuses. */
const NOT_CHAT_MODEL =
  /(dall-e|gpt-image|tts|whisper|embedding|moderation|transcribe|realtime|davinci|babbage|audio|search|computer-use)/i;

/**
 * The parts of a streamed chat completion chunk we read. The SDK hands back whatever came, so each chunk's
 * shape is checked before use (docs/product/providers.md#malformed-answers).
 */
const chunkAnswer = z.object({
  model: z.string().nullish(),
  choices: z.array(
    z.object({
      index: z.number().nullish(),
      finish_reason: z.string().nullish(),
      delta: z.object({ content: z.string().nullish() }).nullish(),
    }),
  ),
  usage: z
    .object({
      prompt_tokens: z.number().nullish(),
      completion_tokens: z.number().nullish(),
      total_tokens: z.number().nullish(),
    })
    .nullish(),
});
/** The first choice of a streamed completion, put together from its chunks. */
async function collect(stream: AsyncIterable<unknown>) {
  let choice: { content: string; finishReason: string | null } | undefined;
  let model: string | undefined;
  let usage: z.infer<typeof chunkAnswer>['usage'];
  for await (const raw of stream) {
    const chunk = chunkAnswer.safeParse(raw);
    if (!chunk.success) throw new ProviderError('provider_bad_output', 'openai', 'unreadable chat chunk');
    model = chunk.data.model ?? model;
    usage = chunk.data.usage ?? usage;
    for (const part of chunk.data.choices) {
      if ((part.index ?? 0) !== 0) continue;
      choice ??= { content: '', finishReason: null };
      choice.content += part.delta?.content ?? '';
      choice.finishReason = part.finish_reason ?? choice.finishReason;
    }
  }
  return { choice, model, usage };
}

const modelsAnswer = z.object({ data: z.array(z.object({ id: z.string() })) });

function parseAnswer<T>(schema: z.ZodType<T>, answer: unknown, what: string): T {
  const parsed = schema.safeParse(answer);
  if (parsed.success) return parsed.data;
  const got = typeof answer === 'string' ? `text ${JSON.stringify(answer.slice(0, 80))}` : typeof answer;
  throw new ProviderError('provider_bad_output', 'openai', `unreadable ${what}: ${got}`);
}

export function createOpenAiLanguageModel(connection: OpenAiConnection & { model: string }): LanguageModel {
  const client = createOpenAiClient(connection);

  async function completeOnce<T>(request: JsonCompletionRequest<T>): Promise<JsonCompletion<T>> {
    const overallMs = overallTimeout(connection, COMPLETION_TIMEOUT_MS);
    const call = callSignal(request.signal, overallMs);
    // Streamed, so the first byte comes at once and only the body takes as long as the answer is long
    // (docs/product/providers.md#timeouts): a non-streamed answer sends nothing until it is complete.
    const stream: AsyncIterable<unknown> = await client.chat.completions
      .create(
        {
          model: connection.model,
          messages: [
            { role: 'system', content: request.system },
            { role: 'user', content: request.prompt },
          ],
          response_format: {
            type: 'json_schema',
            json_schema: {
              name: request.schemaName,
              schema: toStrictJsonSchema(request.schema as z.ZodType),
              strict: true,
            },
          },
          stream: true,
          stream_options: { include_usage: true },
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        },
        { timeout: overallMs, signal: call.signal },
      )
      .catch((error: unknown) => {
        throw fromOpenAiError(error, request.signal, call.timedOut);
      });
    const completion = await collect(stream).catch((error: unknown) => {
      throw fromOpenAiError(error, request.signal, call.timedOut);
    });

    const choice = completion.choice;
    if (!choice || choice.finishReason === 'length' || choice.finishReason === 'content_filter') {
      throw new ProviderError(
        'provider_bad_output',
        'openai',
        `unusable answer: ${choice?.finishReason ?? 'no choice'}`,
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(choice.content);
    } catch {
      throw new ProviderError('provider_bad_output', 'openai', 'answer is not JSON');
    }
    const parsed = request.schema.safeParse(json);
    if (!parsed.success) {
      throw new ProviderError(
        'provider_bad_output',
        'openai',
        `answer does not match ${request.schemaName}: ${parsed.error.message}`,
      );
    }
    return {
      value: parsed.data,
      model: completion.model ?? connection.model,
      usage: {
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
        totalTokens: completion.usage?.total_tokens ?? 0,
      },
    };
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    const overallMs = overallTimeout(connection, LIST_TIMEOUT_MS);
    const call = callSignal(signal, overallMs);
    // Read raw rather than through the SDK's page, which makes an empty list of an HTML page: a captive
    // portal would then pass the key check.
    const answer: unknown = await client
      .get<unknown>('/models', { timeout: overallMs, signal: call.signal })
      .catch((error: unknown) => {
        throw fromOpenAiError(error, signal, call.timedOut);
      });
    const ids = parseAnswer(modelsAnswer, answer, 'model list').data.map((model) => model.id);
    return ids.filter((id) => !NOT_CHAT_MODEL.test(id)).sort();
  }

  return {
    provider: 'openai',
    model: connection.model,
    completeJson<T>(request: JsonCompletionRequest<T>) {
      if (!SCHEMA_NAME.test(request.schemaName)) throw new Error(`Invalid schema name ${request.schemaName}`);
      return withRetries(() => completeOnce(request), retryPolicyOf(connection), request.signal);
    },
    listModels: (signal) => withRetries(() => listModels(signal), retryPolicyOf(connection), signal),
    async checkKey(signal) {
      try {
        await listModels(signal);
        return true;
      } catch (error) {
        if (error instanceof ProviderError && error.code === 'provider_invalid_key') return false;
        throw error;
      }
    },
  };
}
