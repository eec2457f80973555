import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { mediaObjects, mediaOwners } from '../db/schema';

interface Blob {
  sha256: string;
  mimeType: string;
  data: Buffer;
}

export function createMediaRepository(db: Db) {
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
