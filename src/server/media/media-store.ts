import { createHash } from 'node:crypto';
import { createBatcher } from '../lib/batching';
import type { MediaRepository } from './media.repository';

/**
 * The file extension each stored type is served under (docs/product/media.md#content-addressed-store:
 * `/media/<sha256>.<ext>`).
 */
export const MEDIA_EXTENSIONS = {
  'audio/mpeg': 'mp3',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
} as const;
export type MediaType = keyof typeof MEDIA_EXTENSIONS;

const MEDIA_PATH = /^\/media\/(?<sha256>[0-9a-f]{64})\.(?<extension>[a-z0-9]+)$/;

export function mediaPathOf(sha256: string, mimeType: MediaType): string {
  return `/media/${sha256}.${MEDIA_EXTENSIONS[mimeType]}`;
}

/** `{sha256, extension}` of a `/media/…` path; undefined for anything else (data: URLs, external links). */
export function parseMediaPath(value: string): { sha256: string; extension: string } | undefined {
  const groups = MEDIA_PATH.exec(value)?.groups;
  return groups?.sha256 && groups.extension
    ? { sha256: groups.sha256, extension: groups.extension }
    : undefined;
}

export function createMediaStore(repository: MediaRepository) {
  // Clips and pictures stored at the same moment (an upload's) go to the database together.
  const saveOwned = createBatcher(async (blobs: Parameters<MediaRepository['saveOwned']>[0]) => {
    await repository.saveOwned(blobs);
    return blobs.map(() => undefined);
  });

  return {
    /** Keeps the bytes for this learner and answers the path rows store in place of the bytes. */
    async put(userId: string, data: Buffer, mimeType: MediaType): Promise<string> {
      const sha256 = createHash('sha256').update(data).digest('hex');
      await saveOwned({ sha256, mimeType, data, userId });
      return mediaPathOf(sha256, mimeType);
    },
    /** For catalogue media every learner sees (style icons). */
    async putShared(data: Buffer, mimeType: MediaType): Promise<string> {
      const sha256 = createHash('sha256').update(data).digest('hex');
      await repository.saveShared({ sha256, mimeType, data });
      return mediaPathOf(sha256, mimeType);
    },
    findReadable: (sha256: string, userId: string) => repository.findReadable(sha256, userId),
    findReadableIds: (sha256s: string[], userId: string) => repository.findReadableIds(sha256s, userId),
  };
}
export type MediaStore = ReturnType<typeof createMediaStore>;
