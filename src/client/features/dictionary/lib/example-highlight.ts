import { markerSegments, type TextSegment } from '../../../lib/word-highlight';

/**
 * The word card's example and its translation with the learnt word marked: the `** **` markers the enrichment
 * writes (docs/product/upload.md#translation-analysis-and-examples) when there are any, else every occurrence
 * of the highlighted form the word carries (highlightedSpanishWord / highlightedRussianWord), ignoring case.
 */
export function exampleSegments(text: string, highlighted: string | null): TextSegment[] {
  if (text === '') return [];
  const marked = markerSegments(text);
  if (marked) return marked;
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
