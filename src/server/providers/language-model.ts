import type { z } from 'zod';

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface JsonCompletionRequest<T> {
  /** Letters, digits, `_` and `-`, at most 64 (the OpenAI json_schema name rule). */
  schemaName: string;
  /** The answer must match it; it is also sent to the model as a strict JSON schema. */
  schema: z.ZodType<T>;
  system: string;
  prompt: string;
  temperature?: number;
  signal?: AbortSignal;
}

export interface JsonCompletion<T> {
  value: T;
  usage: TokenUsage;
  model: string;
}

/** A chat model answering structured JSON: OpenAI or any OpenAI-compatible endpoint. */
export interface LanguageModel {
  readonly provider: 'openai';
  readonly model: string;
  completeJson<T>(request: JsonCompletionRequest<T>): Promise<JsonCompletion<T>>;
  listModels(signal?: AbortSignal): Promise<string[]>;
  /** true for a working key, false for a refused one; other failures throw ProviderError. */
  checkKey(signal?: AbortSignal): Promise<boolean>;
}
