import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaObjects, mediaOwners } from '../db/schema';

export function createMediaRepository(db: Db) {
  return {
    /**
     * Stores the blob once (it is content-addressed) and grants it to the learner. Two idempotent
     * statements rather than a transaction: on PGlite a transaction holds the only connection across
     * awaits, and an upload stores thousands of blobs while other requests wait.
     */
    async save(
      blob: { sha256: string; mimeType: string; data: Buffer },
      access: { userId: string } | 'shared',
    ) {
      const object = db.insert(mediaObjects).values({
        sha256: blob.sha256,
        mimeType: blob.mimeType,
        byteSize: blob.data.length,
        data: blob.data,
        isShared: access === 'shared',
      });
      // Once shared, always shared; a private save never narrows a shared blob.
      await (access === 'shared'
        ? object.onConflictDoUpdate({ target: mediaObjects.sha256, set: { isShared: true } })
        : object.onConflictDoNothing({ target: mediaObjects.sha256 }));
      if (access !== 'shared') {
        await db
          .insert(mediaOwners)
          .values({ sha256: blob.sha256, userId: access.userId })
          .onConflictDoNothing();
      }
    },

    /** The blob if this learner may load it (owned or shared); undefined otherwise, as if it did not exist. */
    async findReadable(sha256: string, userId: string) {
      const [row] = await db
        .select({ mimeType: mediaObjects.mimeType, data: mediaObjects.data })
        .from(mediaObjects)
        .leftJoin(
          mediaOwners,
          and(eq(mediaOwners.sha256, mediaObjects.sha256), eq(mediaOwners.userId, userId)),
        )
        .where(
          and(
            eq(mediaObjects.sha256, sha256),
            or(eq(mediaObjects.isShared, true), eq(mediaOwners.userId, userId)),
          ),
        )
        .limit(1);
      return row;
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
