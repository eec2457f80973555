import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JOB_KINDS } from '../../../src/shared/api/jobs';

/**
 * docs/product/jobs.md#kinds lists every kind of background job the runtime knows: a kind added without its
 * row (or a row left for a kind that is gone) would leave a reader guessing what starts it and what it answers.
 */
const page = readFileSync(join(import.meta.dirname, '../../../docs/product/jobs.md'), 'utf8');

function kindsListed(markdown: string): string[] {
  const section = markdown.split(/^## Kinds$/m)[1]?.split(/^## /m)[0] ?? '';
  return [...section.matchAll(/^\| `([a-z-]+)` +\|/gm)].map((match) => match[1]!);
}

describe('the job kinds page', () => {
  it('has one row per kind of JOB_KINDS, and no other', () => {
    const listed = kindsListed(page);
    expect(listed.length).toBe(new Set(listed).size);
    expect([...listed].sort()).toEqual(Object.values(JOB_KINDS).sort());
  });
});
