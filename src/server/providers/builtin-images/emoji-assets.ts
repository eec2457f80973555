import { readdirSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/**
 * Reading emojibase-data and the Twemoji SVG set straight from node_modules: both packages ship plain
 * files without an `exports` map, and resolving their package.json works the same under tsx, vitest and
 * a bundled server, whereas JSON imports would inline megabytes into every bundle that touches this.
 */

const require = createRequire(import.meta.url);

const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`));

/** The fields of an emojibase "compact" entry this provider relies on. */
export interface CompactEmoji {
  hexcode: string;
  label: string;
  unicode: string;
  tags: readonly string[];
  /** Absent on regional indicators, which are components of flags rather than emoji of their own. */
  group: number | undefined;
  order: number;
}

export type EmojiLocale = 'es' | 'ru';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function toCompactEmoji(value: unknown): CompactEmoji | undefined {
  if (!isRecord(value)) return undefined;
  const { hexcode, label, unicode, tags, group, order } = value;
  if (typeof hexcode !== 'string' || typeof label !== 'string' || typeof unicode !== 'string')
    return undefined;
  return {
    hexcode,
    label,
    unicode,
    tags: Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [],
    group: typeof group === 'number' ? group : undefined,
    order: typeof order === 'number' ? order : Number.MAX_SAFE_INTEGER,
  };
}

function readJson(path: string): unknown {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/** Skin-tone variants live under `skins` in the data and are deliberately not read. */
export function loadCompactEmoji(locale: EmojiLocale): CompactEmoji[] {
  const raw = readJson(join(packageDir('emojibase-data'), locale, 'compact.json'));
  if (!Array.isArray(raw)) throw new Error(`emojibase-data/${locale}/compact.json is not an array`);
  return raw.map(toCompactEmoji).filter((emoji): emoji is CompactEmoji => emoji !== undefined);
}

/** CLDR shortcodes by hexcode; Spanish ones are the label without accents, joined by underscores. */
export function loadShortcodes(locale: EmojiLocale): Map<string, string[]> {
  const raw = readJson(join(packageDir('emojibase-data'), locale, 'shortcodes', 'cldr.json'));
  const shortcodes = new Map<string, string[]>();
  if (!isRecord(raw)) return shortcodes;
  for (const [hexcode, value] of Object.entries(raw)) {
    const list = Array.isArray(value) ? value : [value];
    shortcodes.set(
      hexcode,
      list.filter((code): code is string => typeof code === 'string'),
    );
  }
  return shortcodes;
}

/**
 * Twemoji names files by lower-case code points joined by '-', but keeps U+FE0F in some names and drops
 * it in others, independently of emojibase's hexcodes; comparing with FE0F removed on both sides finds
 * the file either way.
 */
export const svgKey = (hexcode: string) =>
  hexcode
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');

export interface TwemojiSet {
  /** The file name (without `.svg`) for an emojibase hexcode, if Twemoji draws that emoji. */
  fileFor(hexcode: string): string | undefined;
  read(fileName: string): Promise<string>;
}

export function loadTwemojiSet(): TwemojiSet {
  const dir = packageDir('@twemoji/svg');
  const files = new Map<string, string>();
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.svg')) continue;
    const name = file.slice(0, -'.svg'.length);
    files.set(svgKey(name), name);
  }
  return {
    fileFor: (hexcode) => files.get(svgKey(hexcode)),
    read: (fileName) => readFile(join(dir, `${fileName}.svg`), 'utf8'),
  };
}
