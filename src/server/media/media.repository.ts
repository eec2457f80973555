import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaObjects, mediaOwners } from '../db/schema';

interface Blob {
  sha256: string;
  mimeType: string;
  data: Buffer;
}

export function createMediaRepository(db: Db) {
  // A learner may load the blobs they own and the shared ones.
  const ownedBy = (userId: string) =>
    and(eq(mediaOwners.sha256, mediaObjects.sha256), eq(mediaOwners.userId, userId));
  const isReadableBy = (userId: string) =>
    or(eq(mediaObjects.isShared, true), eq(mediaOwners.userId, userId));

  return {
    /**
     * Stores each blob once (content-addressed) and grants it to its learner, all in one statement: no
     * transaction (on PGlite it would hold the only connection across awaits while an upload stores
     * thousands of blobs) and one round trip for a whole batch of clips and pictures. The owners' foreign
     * key is checked at the end of the statement, when the object rows are there.
     */
    async saveOwned(blobs: Array<Blob & { userId: string }>) {
      if (blobs.length === 0) return;
      const objects = [...new Map(blobs.map((blob) => [blob.sha256, blob])).values()];
      const owners = [...new Map(blobs.map((blob) => [`${blob.sha256}/${blob.userId}`, blob])).values()];
      await db.execute(sql`
        with stored as (
          insert into ${mediaObjects} (sha256, mime_type, byte_size, data)
          values ${sql.join(
            objects.map((blob) => sql`(${blob.sha256}, ${blob.mimeType}, ${blob.data.length}, ${blob.data})`),
            sql`, `,
          )}
          on conflict (sha256) do nothing
        )
        insert into ${mediaOwners} (sha256, user_id)
        values ${sql.join(
          owners.map((blob) => sql`(${blob.sha256}, ${blob.userId})`),
          sql`, `,
        )}
        on conflict do nothing`);
    },

    /** Catalogue media every learner may load. Once shared, always shared. */
    async saveShared(blob: Blob) {
      await db
        .insert(mediaObjects)
        .values({
          sha256: blob.sha256,
          mimeType: blob.mimeType,
          byteSize: blob.data.length,
          data: blob.data,
          isShared: true,
        })
        .onConflictDoUpdate({ target: mediaObjects.sha256, set: { isShared: true } });
    },

    /** The blob if this learner may load it (owned or shared); undefined otherwise, as if it did not exist. */
    async findReadable(sha256: string, userId: string) {
      const [row] = await db
        .select({ mimeType: mediaObjects.mimeType, data: mediaObjects.data })
        .from(mediaObjects)
        .leftJoin(mediaOwners, ownedBy(userId))
        .where(and(eq(mediaObjects.sha256, sha256), isReadableBy(userId)))
        .limit(1);
      return row;
    },

    /** Which of these blobs exist and this learner may load, without reading their bytes. */
    async findReadableIds(sha256s: string[], userId: string): Promise<Set<string>> {
      if (sha256s.length === 0) return new Set();
      const rows = await db
        .select({ sha256: mediaObjects.sha256 })
        .from(mediaObjects)
        .leftJoin(mediaOwners, ownedBy(userId))
        .where(and(inArray(mediaObjects.sha256, sha256s), isReadableBy(userId)));
      return new Set(rows.map((row) => row.sha256));
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
