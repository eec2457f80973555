/**
 * The form the enrichment marks with `** **` in an example ('Mi **casa** es grande.' → 'casa'), which the
 * word keeps as its highlighted form (docs/product/dictionary.md#word-editing); null without a marker.
 */
export function markedForm(text: string | null): string | null {
  if (!text) return null;
  const match = /\*\*(.+?)\*\*/u.exec(text);
  const form = match?.[1]?.trim();
  return form ? form : null;
}
