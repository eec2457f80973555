import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { exportedNames, withoutJsonSchema } from '../../../scripts/lib/zod-without-json-schema';

const require = createRequire(import.meta.url);
const zodCore = (file: string) =>
  readFileSync(require.resolve('zod/package.json').replace('package.json', `v4/core/${file}`), 'utf8');

/** The stand-in module, evaluated as the browser would. */
const standIn = async (source: string) =>
  (await import(`data:text/javascript,${encodeURIComponent(withoutJsonSchema(source))}`)) as Record<
    string,
    (...args: unknown[]) => unknown
  >;

describe('zod without its JSON Schema generator in the client', () => {
  it('keeps every name the two modules export, renamed exports included', () => {
    const generator = zodCore('to-json-schema.js');
    expect(exportedNames(generator)).toEqual(
      expect.arrayContaining([
        'process',
        'processSchema',
        'createToJSONSchemaMethod',
        'createStandardJSONSchemaMethod',
      ]),
    );
    expect(exportedNames(zodCore('json-schema-processors.js'))).toEqual(
      expect.arrayContaining(['aggregateChecks', 'stringProcessor', 'allProcessors', 'toJSONSchema']),
    );
  });

  it('fails loudly when asked for a schema, and hands back a method where a schema class asks for one', async () => {
    const generator = await standIn(zodCore('to-json-schema.js'));
    const method = generator.createStandardJSONSchemaMethod?.({}, 'input');
    expect(method).toBeTypeOf('function');
    expect(() => (method as () => unknown)()).toThrow('Zod builds no JSON Schema in the client');
    const processors = await standIn(zodCore('json-schema-processors.js'));
    expect(() => processors.toJSONSchema?.({})).toThrow('Zod builds no JSON Schema in the client');
  });
});
