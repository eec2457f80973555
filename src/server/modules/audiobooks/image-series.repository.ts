import { and, asc, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  audiobookImageSeries,
  audiobookImageSeriesItems,
  audiobooks,
  audiobookSentences,
  imageGenerationJobs,
  type ImageSeriesStatus,
  jobsTable,
} from '../../db/schema';

export type SeriesRow = typeof audiobookImageSeries.$inferSelect;
export type ImageJobRow = typeof imageGenerationJobs.$inferSelect;
/** A series job with what its runtime job says now (null for a row no runtime job draws). */
export interface ImageJobWithRuntime {
  row: ImageJobRow;
  runtime: Pick<typeof jobsTable.$inferSelect, 'status' | 'progress' | 'error' | 'completedAt'> | null;
}

/**
 * Illustration series of a book, their pictures and their generation jobs
 * (docs/product/audiobooks.md#illustration-series); all scoped to the learner.
 */
export function createImageSeriesRepository(db: Db) {
  const ownSeries = (userId: string, audiobookId: number, seriesId: number) =>
    and(
      eq(audiobookImageSeries.userId, userId),
      eq(audiobookImageSeries.audiobookId, audiobookId),
      eq(audiobookImageSeries.id, seriesId),
    );

  return {
    list: (userId: string, audiobookId: number): Promise<SeriesRow[]> =>
      db
        .select()
        .from(audiobookImageSeries)
        .where(
          and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.audiobookId, audiobookId)),
        )
        .orderBy(asc(audiobookImageSeries.createdAt), asc(audiobookImageSeries.id)),

    async find(userId: string, audiobookId: number, seriesId: number): Promise<SeriesRow | undefined> {
      const [row] = await db
        .select()
        .from(audiobookImageSeries)
        .where(ownSeries(userId, audiobookId, seriesId));
      return row;
    },

    async create(
      userId: string,
      audiobookId: number,
      series: {
        serviceProvider: string;
        imageStyle: string;
        styleName: string | null;
        totalSentences: number;
      },
    ): Promise<SeriesRow> {
      const [row] = await db
        .insert(audiobookImageSeries)
        .values({ userId, audiobookId, ...series })
        .returning();
      if (!row) throw new Error('insert returned no series');
      return row;
    },

    /** Deletes the series with its pictures; a book that showed it goes back to its own (foreign key). */
    async delete(userId: string, audiobookId: number, seriesId: number): Promise<boolean> {
      const rows = await db
        .delete(audiobookImageSeries)
        .where(ownSeries(userId, audiobookId, seriesId))
        .returning({ id: audiobookImageSeries.id });
      return rows.length > 0;
    },

    async setStatus(userId: string, seriesId: number, status: ImageSeriesStatus) {
      await db
        .update(audiobookImageSeries)
        .set({ status })
        .where(and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.id, seriesId)));
    },

    items: (userId: string, seriesId: number) =>
      db
        .select({
          sentenceId: audiobookImageSeriesItems.sentenceId,
          imageData: audiobookImageSeriesItems.imageData,
        })
        .from(audiobookImageSeriesItems)
        .where(
          and(
            eq(audiobookImageSeriesItems.userId, userId),
            eq(audiobookImageSeriesItems.seriesId, seriesId),
            isNotNull(audiobookImageSeriesItems.imageData),
          ),
        )
        .orderBy(asc(audiobookImageSeriesItems.sentenceId)),

    async item(userId: string, seriesId: number, sentenceId: number): Promise<string | null> {
      const [row] = await db
        .select({ imageData: audiobookImageSeriesItems.imageData })
        .from(audiobookImageSeriesItems)
        .where(
          and(
            eq(audiobookImageSeriesItems.userId, userId),
            eq(audiobookImageSeriesItems.seriesId, seriesId),
            eq(audiobookImageSeriesItems.sentenceId, sentenceId),
          ),
        );
      return row?.imageData ?? null;
    },

    /**
     * Stores a series picture (replacing an earlier one) and recounts the series' completed pictures. The
     * series row is locked first: pictures of one batch are stored at once, and a count made before another
     * transaction's insert committed would write a stale total.
     */
    async putItem(userId: string, seriesId: number, sentenceId: number, image: string, prompt: string) {
      await db.transaction(async (tx) => {
        await tx
          .select({ id: audiobookImageSeries.id })
          .from(audiobookImageSeries)
          .where(and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.id, seriesId)))
          .for('update');
        await tx
          .insert(audiobookImageSeriesItems)
          .values({ userId, seriesId, sentenceId, imageData: image, generationPrompt: prompt })
          .onConflictDoUpdate({
            target: [audiobookImageSeriesItems.seriesId, audiobookImageSeriesItems.sentenceId],
            set: { imageData: image, generationPrompt: prompt },
          });
        await tx
          .update(audiobookImageSeries)
          .set({
            completedSentences: sql`(select count(*)::int from ${audiobookImageSeriesItems} where ${audiobookImageSeriesItems.seriesId} = ${seriesId} and ${audiobookImageSeriesItems.imageData} is not null)`,
          })
          .where(and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.id, seriesId)));
      });
    },

    /** Pictures per series of the book, for image-stats. */
    async itemCounts(userId: string, audiobookId: number) {
      return db
        .select({ seriesId: audiobookImageSeries.id, count: count(audiobookImageSeriesItems.imageData) })
        .from(audiobookImageSeries)
        .leftJoin(audiobookImageSeriesItems, eq(audiobookImageSeriesItems.seriesId, audiobookImageSeries.id))
        .where(
          and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.audiobookId, audiobookId)),
        )
        .groupBy(audiobookImageSeries.id);
    },

    async select(userId: string, audiobookId: number, seriesId: number | null): Promise<boolean> {
      const rows = await db
        .update(audiobooks)
        .set({ selectedImageSeriesId: seriesId })
        .where(and(eq(audiobooks.userId, userId), eq(audiobooks.id, audiobookId)))
        .returning({ id: audiobooks.id });
      return rows.length > 0;
    },

    /** The sentences a series illustrates: every `imageStep`-th, as the book's own pictures. */
    illustratedSentences: (userId: string, audiobookId: number, imageStep: number) =>
      db
        .select({
          id: audiobookSentences.id,
          spanish: audiobookSentences.spanish,
          russian: audiobookSentences.russian,
        })
        .from(audiobookSentences)
        .where(
          and(
            eq(audiobookSentences.userId, userId),
            eq(audiobookSentences.audiobookId, audiobookId),
            sql`${audiobookSentences.orderIndex} % ${Math.max(1, imageStep)} = 0`,
          ),
        )
        .orderBy(asc(audiobookSentences.orderIndex)),

    /** The book's Spanish sentences in order: what a series' analysis reads. */
    bookSentences: (userId: string, audiobookId: number) =>
      db
        .select({ spanish: audiobookSentences.spanish })
        .from(audiobookSentences)
        .where(and(eq(audiobookSentences.userId, userId), eq(audiobookSentences.audiobookId, audiobookId)))
        .orderBy(asc(audiobookSentences.orderIndex)),

    /** Keeps a series' character and atmosphere analysis (docs/product/audiobooks.md#consistent-pictures). */
    async saveAnalysis(
      userId: string,
      seriesId: number,
      analysis: { characterAnalysis: object; atmosphereAnalysis: object },
    ) {
      await db
        .update(audiobookImageSeries)
        .set({
          characterAnalysis: analysis.characterAnalysis as Record<string, unknown>,
          atmosphereAnalysis: analysis.atmosphereAnalysis as Record<string, unknown>,
        })
        .where(and(eq(audiobookImageSeries.userId, userId), eq(audiobookImageSeries.id, seriesId)));
    },

    // ---- Generation jobs --------------------------------------------------------------------------------

    async insertJob(
      userId: string,
      job: {
        audiobookId: number;
        seriesId: number;
        serviceProvider: string;
        imageStyle: string;
        styleName: string | null;
      },
    ): Promise<ImageJobRow> {
      const [row] = await db
        .insert(imageGenerationJobs)
        .values({ userId, ...job, status: 'queued', startedAt: new Date() })
        .returning();
      if (!row) throw new Error('insert returned no image job');
      return row;
    },

    async setJobRuntimeId(userId: string, id: number, jobId: string) {
      await db
        .update(imageGenerationJobs)
        .set({ jobId })
        .where(and(eq(imageGenerationJobs.userId, userId), eq(imageGenerationJobs.id, id)));
    },

    /** The book's series jobs, newest first, each joined to the runtime job that draws it. */
    jobs: (userId: string, audiobookId: number): Promise<ImageJobWithRuntime[]> =>
      db
        .select({
          row: imageGenerationJobs,
          runtime: {
            status: jobsTable.status,
            progress: jobsTable.progress,
            error: jobsTable.error,
            completedAt: jobsTable.completedAt,
          },
        })
        .from(imageGenerationJobs)
        .leftJoin(
          jobsTable,
          and(eq(jobsTable.id, imageGenerationJobs.jobId), eq(jobsTable.userId, imageGenerationJobs.userId)),
        )
        .where(and(eq(imageGenerationJobs.userId, userId), eq(imageGenerationJobs.audiobookId, audiobookId)))
        .orderBy(desc(imageGenerationJobs.createdAt), desc(imageGenerationJobs.id)),
  };
}
export type ImageSeriesRepository = ReturnType<typeof createImageSeriesRepository>;
