import type { TextSegment } from './word-highlight';

/**
 * The word card's example and its translation with the learnt word marked: the `** **` markers the
 * enrichment writes (DESIGN §4) when there are any, else every occurrence of the highlighted form the
 * word carries (highlightedSpanishWord / highlightedRussianWord), ignoring case.
 */
export function exampleSegments(text: string, highlighted: string | null): TextSegment[] {
  if (text === '') return [];
  const parts = text.split('**');
  // An even number of markers splits into an odd number of parts; anything else is left unmarked.
  if (parts.length > 1 && parts.length % 2 === 1) {
    return parts
      .map((part, index) => ({ text: part, isMatch: index % 2 === 1 }))
      .filter((segment) => segment.text !== '');
  }
  const needle = highlighted?.replaceAll('*', '').trim().toLocaleLowerCase() ?? '';
  if (needle === '') return [{ text, isMatch: false }];
  const haystack = text.toLocaleLowerCase();
  const segments: TextSegment[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, from)) {
    if (at > from) segments.push({ text: text.slice(from, at), isMatch: false });
    segments.push({ text: text.slice(at, at + needle.length), isMatch: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), isMatch: false });
  return segments;
}
