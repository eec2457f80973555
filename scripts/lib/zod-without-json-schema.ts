import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** Zod's JSON Schema generator: the two modules every schema's class imports, used or not. */
const JSON_SCHEMA_MODULES = /[\\/]zod[\\/]v4[\\/]core[\\/](?:to-json-schema|json-schema-processors)\.js$/;
/** Called when a schema's `~standard` property is first read: they must hand back a method, not throw. */
const METHOD_FACTORIES = new Set(['createToJSONSchemaMethod', 'createStandardJSONSchemaMethod']);

/** Every name a module exports: `export const|function NAME` and `export { local as NAME }`. */
export function exportedNames(source: string): string[] {
  const names = [...source.matchAll(/^export (?:const|function\*?|class) (\w+)/gm)].map(
    ([, name]) => name ?? '',
  );
  for (const [, list = ''] of source.matchAll(/^export \{([^}]*)\}/gm)) {
    for (const entry of list.split(',')) {
      const name = entry
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.push(name);
    }
  }
  return names;
}

/** The stand-in module: the same names, each failing loudly if the client ever asks for a JSON Schema. */
export function withoutJsonSchema(source: string): string {
  const lines = [
    "const unavailable = () => { throw new Error('Zod builds no JSON Schema in the client'); };",
  ];
  for (const name of exportedNames(source)) {
    lines.push(`export const ${name} = ${METHOD_FACTORIES.has(name) ? '() => unavailable' : 'unavailable'};`);
  }
  return lines.join('\n');
}

/**
 * The client never asks zod for a JSON Schema (the server does, for the language model's structured answers,
 * and its bundle keeps the generator), yet every schema class imports it: some 35 KB of code and 4.5 KB
 * compressed that every signed-in screen loaded before it showed (docs/product/overview.md#serving-the-client).
 * The client's build replaces the two modules with stand-ins of the same names.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'palabra-zod-without-json-schema',
    apply: 'build',
    load(id) {
      return JSON_SCHEMA_MODULES.test(id) ? withoutJsonSchema(readFileSync(id, 'utf8')) : null;
    },
  };
}
