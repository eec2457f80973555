import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the product's rules in docs/ (docs/product/<area>.md#<heading>); a renamed heading or a
 * citation of a page that does not exist would send a reader nowhere, so every citation must resolve.
 */
const root = join(import.meta.dirname, '../../..');
const CITATION = /docs\/(?:product\/)?[\w-]+\.md(?:#[\w-]+)?/g;
/** A Markdown link from one page of docs/ to another, relative to the linking page: `[x](auth.md#sessions)`. */
const RELATIVE_LINK = /\]\(((?:\.\.\/|product\/)?[\w-]+\.md)(?:#([\w-]+))?\)/g;

function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : filesUnder(path);
    return /\.(ts|tsx|js|md)$/.test(name) ? [path] : [];
  });
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replaceAll(' ', '-');

function anchorsOf(page: string): Set<string> {
  const text = readFileSync(join(root, page), 'utf8');
  return new Set([...text.matchAll(/^#+ (.*)$/gm)].map((match) => anchorOf(match[1] ?? '')));
}

describe('citations of docs/', () => {
  const sources = ['src', 'tests', 'e2e', 'scripts', 'eslint', 'docs'].flatMap((folder) =>
    filesUnder(join(root, folder)),
  );

  it('finds the citations it checks', () => {
    const count = sources.reduce(
      (sum, file) => sum + (readFileSync(file, 'utf8').match(CITATION)?.length ?? 0),
      0,
    );
    expect(count).toBeGreaterThan(100);
  });

  it('every cited page and heading exists', () => {
    const anchors = new Map<string, Set<string>>();
    const broken: string[] = [];
    for (const file of sources) {
      for (const citation of readFileSync(file, 'utf8').match(CITATION) ?? []) {
        const [page = '', anchor] = citation.split('#');
        let pageAnchors = anchors.get(page);
        if (!pageAnchors) {
          try {
            pageAnchors = anchorsOf(page);
          } catch {
            broken.push(`${relative(root, file)}: ${citation} (no such page)`);
            continue;
          }
          anchors.set(page, pageAnchors);
        }
        if (anchor && !pageAnchors.has(anchor)) broken.push(`${relative(root, file)}: ${citation}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it('every link between pages of docs/ reaches its page and heading', () => {
    const pages = filesUnder(join(root, 'docs')).filter((file) => file.endsWith('.md'));
    const broken: string[] = [];
    let count = 0;
    for (const file of pages) {
      for (const [, target = '', anchor] of readFileSync(file, 'utf8').matchAll(RELATIVE_LINK)) {
        count += 1;
        const page = relative(root, join(dirname(file), target));
        let pageAnchors: Set<string>;
        try {
          pageAnchors = anchorsOf(page);
        } catch {
          broken.push(`${relative(root, file)}: ${target} (no such page)`);
          continue;
        }
        if (anchor && !pageAnchors.has(anchor)) broken.push(`${relative(root, file)}: ${target}#${anchor}`);
      }
    }
    expect(count).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});
