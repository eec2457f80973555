import type { z } from 'zod';
import { withRetries } from '../http/retry';
import type { JsonCompletion, JsonCompletionRequest, LanguageModel } from '../language-model';
import { ProviderError } from '../provider-error';
import { createOpenAiClient, type OpenAiConnection } from './openai-client';
import { fromOpenAiError } from './openai-errors';
import { toStrictJsonSchema } from './strict-json-schema';

const COMPLETION_TIMEOUT_MS = 60_000;
const LIST_TIMEOUT_MS = 15_000;
const SCHEMA_NAME = /^[a-zA-Z0-9_-]{1,64}$/;
/** Model families that cannot chat; listing them in a chat-model picker only confuses. */
const NOT_CHAT_MODEL =
  /(dall-e|gpt-image|tts|whisper|embedding|moderation|transcribe|realtime|davinci|babbage|audio|search|computer-use)/i;

export function createOpenAiLanguageModel(connection: OpenAiConnection & { model: string }): LanguageModel {
  const client = createOpenAiClient(connection);

  async function completeOnce<T>(request: JsonCompletionRequest<T>): Promise<JsonCompletion<T>> {
    const completion = await client.chat.completions
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
          ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
        },
        { timeout: connection.timeoutMs ?? COMPLETION_TIMEOUT_MS, signal: request.signal },
      )
      .catch((error: unknown) => {
        throw fromOpenAiError(error, request.signal);
      });

    const choice = completion.choices[0];
    if (!choice || choice.finish_reason === 'length' || choice.finish_reason === 'content_filter') {
      throw new ProviderError(
        'provider_bad_output',
        'openai',
        `unusable answer: ${choice?.finish_reason ?? 'no choice'}`,
      );
    }
    const content = choice.message.content;
    let json: unknown;
    try {
      json = JSON.parse(content ?? '');
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
      model: completion.model,
      usage: {
        promptTokens: completion.usage?.prompt_tokens ?? 0,
        completionTokens: completion.usage?.completion_tokens ?? 0,
        totalTokens: completion.usage?.total_tokens ?? 0,
      },
    };
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    try {
      const ids: string[] = [];
      for await (const model of client.models.list({
        timeout: connection.timeoutMs ?? LIST_TIMEOUT_MS,
        signal,
      }))
        ids.push(model.id);
      return ids.filter((id) => !NOT_CHAT_MODEL.test(id)).sort();
    } catch (error) {
      throw fromOpenAiError(error, signal);
    }
  }

  return {
    provider: 'openai',
    model: connection.model,
    completeJson<T>(request: JsonCompletionRequest<T>) {
      if (!SCHEMA_NAME.test(request.schemaName)) throw new Error(`Invalid schema name ${request.schemaName}`);
      return withRetries(() => completeOnce(request), undefined, request.signal);
    },
    listModels: (signal) => withRetries(() => listModels(signal), undefined, signal),
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
