/**
 * What the browser can load for a stored picture or clip (docs/product/media.md#content-addressed-store): a
 * `/media/…` path, an http(s) URL or a `data:` URL as it is; raw base64 from imported data gets the data:
 * prefix the spec names.
 */
export type MediaKind = 'image' | 'audio';

const RAW_BASE64_PREFIX: Readonly<Record<MediaKind, string>> = {
  image: 'data:image/jpeg;base64,',
  audio: 'data:audio/mpeg;base64,',
};

export function mediaSource(value: string | null | undefined, kind: MediaKind): string | null {
  const trimmed = value?.trim() ?? '';
  if (trimmed === '') return null;
  // Raw base64 can itself start with '/': JPEG with '/9j/', MP3 frames with '//'.
  if (/^(?:\/(?!\/|9j\/)|data:|https?:|blob:)/iu.test(trimmed)) return trimmed;
  return `${RAW_BASE64_PREFIX[kind]}${trimmed}`;
}
