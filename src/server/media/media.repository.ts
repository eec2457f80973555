import { and, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client';
import { mediaObjects, mediaOwners, mediaVariants } from '../db/schema';

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

    /**
     * The variant of a picture at this width, if it was made and this learner may read the original
     * (docs/product/media.md#picture-variants); the original's bytes are not read.
     */
    async findVariant(sourceSha256: string, width: number, userId: string) {
      const source = alias(mediaObjects, 'source');
      const [row] = await db
        .select({
          sha256: mediaObjects.sha256,
          mimeType: mediaObjects.mimeType,
          data: mediaObjects.data,
          sourceMimeType: source.mimeType,
        })
        .from(mediaVariants)
        .innerJoin(mediaObjects, eq(mediaObjects.sha256, mediaVariants.variantSha256))
        .innerJoin(source, eq(source.sha256, mediaVariants.sourceSha256))
        .leftJoin(
          mediaOwners,
          and(eq(mediaOwners.sha256, mediaVariants.sourceSha256), eq(mediaOwners.userId, userId)),
        )
        .where(
          and(
            eq(mediaVariants.sourceSha256, sourceSha256),
            eq(mediaVariants.width, width),
            or(eq(source.isShared, true), isNotNull(mediaOwners.userId)),
          ),
        )
        .limit(1);
      return row;
    },

    /**
     * Keeps a made variant: its bytes as a media object without owners, and the link from its original. Two
     * instances making the same variant at once both succeed; the first link stays.
     */
    async saveVariant(sourceSha256: string, width: number, variant: Blob) {
      await db.execute(sql`
        with stored as (
          insert into ${mediaObjects} (sha256, mime_type, byte_size, data)
          values (${variant.sha256}, ${variant.mimeType}, ${variant.data.length}, ${variant.data})
          on conflict (sha256) do nothing
        )
        insert into ${mediaVariants} (source_sha256, width, variant_sha256)
        values (${sourceSha256}, ${width}, ${variant.sha256})
        on conflict do nothing`);
    },

    /** A picture that is its own variant at this width (already small enough). */
    async saveSelfVariant(sourceSha256: string, width: number) {
      await db
        .insert(mediaVariants)
        .values({ sourceSha256, width, variantSha256: sourceSha256 })
        .onConflictDoNothing();
    },
  };
}
export type MediaRepository = ReturnType<typeof createMediaRepository>;
