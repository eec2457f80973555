import { z } from 'zod';

type JsonSchema = Record<string, unknown>;

/**
 * A zod schema as the strict JSON schema OpenAI's structured output demands: every object closed
 * (`additionalProperties: false`) with all its properties required. So schemas sent to a model express
 * "may be missing" as `.nullable()`, never `.optional()`; an optional field is refused here.
 */
export function toStrictJsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _ignored, ...root } = z.toJSONSchema(schema, { target: 'draft-7', io: 'output' });
  return tighten(root) as JsonSchema;
}

function tighten(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(tighten);
  if (!node || typeof node !== 'object') return node;
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) {
    // zod writes the safe-integer range on every int; it says nothing and costs tokens.
    if (
      (key === 'maximum' && value === Number.MAX_SAFE_INTEGER) ||
      (key === 'minimum' && value === Number.MIN_SAFE_INTEGER)
    )
      continue;
    result[key] = tighten(value);
  }
  if (result.type === 'object' && result.properties && typeof result.properties === 'object') {
    const names = Object.keys(result.properties);
    const required = new Set(Array.isArray(result.required) ? (result.required as string[]) : []);
    const optional = names.filter((name) => !required.has(name));
    if (optional.length > 0) {
      throw new Error(`Strict schemas need every field; make these nullable instead: ${optional.join(', ')}`);
    }
    result.required = names;
    result.additionalProperties = false;
  }
  return result;
}
