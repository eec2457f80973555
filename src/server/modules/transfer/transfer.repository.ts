import { and, asc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { transferFileChunks, transferFiles, words } from '../../db/schema';
import type { ExportFormat } from '../../../shared/api/transfer';
import { liveWordsOf } from '../words/word-scope';

/** A word's fields as an export writes them. */
const exportWordColumns = {
  id: words.id,
  spanish: words.spanish,
  russian: words.russian,
  example: words.example,
  exampleTranslation: words.exampleTranslation,
  partOfSpeech: words.partOfSpeech,
  cefrLevel: words.cefrLevel,
  themeCategory: words.themeCategory,
  imageUrl: words.imageUrl,
  audioData: words.audioData,
  secondVoiceAudioData: words.secondVoiceAudioData,
  russianAudioData: words.russianAudioData,
  listenCount: words.attempts,
  isHidden: words.isHidden,
  createdAt: words.createdAt,
};
export type ExportWord = Awaited<
  ReturnType<ReturnType<typeof createTransferRepository>['listWords']>
>[number];

/** The rows of exports (docs/product/transfer.md): the learner's words read in order, files and their chunks. */
export function createTransferRepository(db: Db) {
  return {
    /** The ids of the learner's live words to export, oldest first; `only` keeps those of them named. */
    async listWordIds(userId: string, only?: readonly number[]): Promise<number[]> {
      const rows = await db
        .select({ id: words.id })
        .from(words)
        .where(only ? and(liveWordsOf(userId), inArray(words.id, [...only])) : liveWordsOf(userId))
        .orderBy(asc(words.id));
      return rows.map((row) => row.id);
    },

    /** These words of the learner's (a word deleted since is left out), in id order. */
    async listWords(userId: string, ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select(exportWordColumns)
        .from(words)
        .where(and(liveWordsOf(userId), inArray(words.id, [...ids])))
        .orderBy(asc(words.id));
    },

    async createFile(file: {
      userId: string;
      kind?: 'export' | 'import';
      format: ExportFormat;
      fileName: string;
      contentType: string;
      expiresAt: Date;
    }): Promise<string> {
      const [row] = await db.insert(transferFiles).values(file).returning({ id: transferFiles.id });
      if (!row) throw new Error('the export file was not created');
      return row.id;
    },

    /**
     * Writes chunks from `firstIndex` on and drops any later ones a run interrupted after writing left: the
     * file then ends with what this run wrote.
     */
    async writeChunks(fileId: string, firstIndex: number, chunks: readonly Buffer[]): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .delete(transferFileChunks)
          .where(and(eq(transferFileChunks.fileId, fileId), gte(transferFileChunks.chunkIndex, firstIndex)));
        if (chunks.length === 0) return;
        await tx
          .insert(transferFileChunks)
          .values(chunks.map((data, offset) => ({ fileId, chunkIndex: firstIndex + offset, data })));
      });
    },

    /** Marks the file complete with its size: from then on it can be downloaded. */
    async completeFile(fileId: string): Promise<number> {
      const [size] = await db
        .select({
          bytes: sql<number>`coalesce(sum(octet_length(${transferFileChunks.data})), 0)`.mapWith(Number),
        })
        .from(transferFileChunks)
        .where(eq(transferFileChunks.fileId, fileId));
      const byteSize = size?.bytes ?? 0;
      await db.update(transferFiles).set({ byteSize }).where(eq(transferFiles.id, fileId));
      return byteSize;
    },

    /** A complete, unexpired file of this learner's of this kind, or undefined. */
    async findComplete(userId: string, fileId: string, kind: 'export' | 'import', now: Date) {
      const [row] = await db
        .select()
        .from(transferFiles)
        .where(
          and(
            eq(transferFiles.id, fileId),
            eq(transferFiles.userId, userId),
            eq(transferFiles.kind, kind),
            gte(transferFiles.expiresAt, now),
          ),
        )
        .limit(1);
      return row?.byteSize === null ? undefined : row;
    },

    /**
     * The bytes the learner's stored files take, complete or still arriving: what their transfer quota
     * counts (docs/product/transfer.md#limits). `octet_length` reads a chunk's stored size, not its bytes.
     */
    async storedBytes(userId: string): Promise<number> {
      const [row] = await db
        .select({
          bytes: sql<number>`coalesce(sum(octet_length(${transferFileChunks.data})), 0)`.mapWith(Number),
        })
        .from(transferFileChunks)
        .innerJoin(transferFiles, eq(transferFiles.id, transferFileChunks.fileId))
        .where(eq(transferFiles.userId, userId));
      return row?.bytes ?? 0;
    },

    /** Keeps the learner's file until then: an import's file while its job reads it. */
    async keepUntil(userId: string, fileId: string, expiresAt: Date): Promise<void> {
      await db
        .update(transferFiles)
        .set({ expiresAt })
        .where(and(eq(transferFiles.id, fileId), eq(transferFiles.userId, userId)));
    },

    async deleteFile(fileId: string): Promise<void> {
      await db.delete(transferFiles).where(eq(transferFiles.id, fileId));
    },

    async readChunk(fileId: string, chunkIndex: number): Promise<Buffer | undefined> {
      const [row] = await db
        .select({ data: transferFileChunks.data })
        .from(transferFileChunks)
        .where(and(eq(transferFileChunks.fileId, fileId), eq(transferFileChunks.chunkIndex, chunkIndex)))
        .limit(1);
      return row?.data;
    },

    /** Deletes the files whose time is up (their chunks go with them); answers how many. */
    async deleteExpired(now: Date): Promise<number> {
      const deleted = await db
        .delete(transferFiles)
        .where(lt(transferFiles.expiresAt, now))
        .returning({ id: transferFiles.id });
      return deleted.length;
    },
  };
}
export type TransferRepository = ReturnType<typeof createTransferRepository>;
