/**
 * docs/product/upload.md#new-translation: a word uploaded again with another translation ('la casa / дом,
 * жилище' when 'la casa / дом' exists) can add its translation to the word. The translations are the
 * comma- or semicolon-separated parts; a part the word has already (ignoring case) is not added twice.
 */
const PARTS = /[,;]/u;

const partsOf = (text: string) =>
  text
    .split(PARTS)
    .map((part) => part.trim().replace(/\s+/gu, ' '))
    .filter((part) => part !== '');

/** The new translation's parts the existing one lacks. */
export function missingTranslations(existing: string, incoming: string): string[] {
  const known = new Set(partsOf(existing).map((part) => part.toLocaleLowerCase('ru')));
  const missing: string[] = [];
  for (const part of partsOf(incoming)) {
    const key = part.toLocaleLowerCase('ru');
    if (known.has(key)) continue;
    known.add(key);
    missing.push(part);
  }
  return missing;
}

/** 'дом' + 'дом, жилище' → 'дом, жилище': the existing text kept as it is, the missing parts appended. */
export function mergeTranslations(existing: string, incoming: string): string {
  const missing = missingTranslations(existing, incoming);
  const base = existing.trim();
  if (missing.length === 0) return base;
  return base === '' ? missing.join(', ') : `${base}, ${missing.join(', ')}`;
}
