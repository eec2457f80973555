/**
 * The media library's own 13 style labels, by style id (docs/product/dictionary.md#media-library); they are
 * not the canonical 15-style catalogue. The Russian and English texts are in the dictionary catalogues under
 * these keys.
 */
export const MEDIA_LIBRARY_STYLE_KEYS = {
  1: 'realistic',
  2: 'photorealistic',
  3: 'illustration',
  4: 'watercolor',
  5: 'cartoon',
  6: 'minimalist',
  7: 'vintage',
  8: 'modern',
  9: 'abstract',
  10: 'detailed',
  11: 'pastel',
  12: 'contrasting',
  13: 'muted',
} as const;
export type MediaLibraryStyleKey = (typeof MEDIA_LIBRARY_STYLE_KEYS)[keyof typeof MEDIA_LIBRARY_STYLE_KEYS];

export function mediaLibraryStyleKey(styleId: number | null): MediaLibraryStyleKey | null {
  if (styleId === null) return null;
  return (MEDIA_LIBRARY_STYLE_KEYS as Readonly<Record<number, MediaLibraryStyleKey>>)[styleId] ?? null;
}
