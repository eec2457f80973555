import type { z } from 'zod';
import type { createSeriesRequestSchema, ImageJob, Series } from '../../../shared/api/audiobook-player';
import { coded } from '../../../shared/api/errors';
import { JOB_KINDS } from '../../../shared/api/jobs';
import { ownStyleName, resolveImageStyle } from '../../../shared/catalogs/image-styles';
import { AppError } from '../../http/app-error';
import type { GenerateImageSeriesInput } from '../../../shared/api/jobs';
import type { JobStarter } from '../../lib/job-starter';
import type { ImageProviderName } from '../../providers/images';
import type { UserProviders } from '../providers/user-providers';
import type { AudiobooksRepository } from './audiobooks.repository';
import { requirePictureProvider } from './audiobook-player.service';
import type { ImageJobWithRuntime, ImageSeriesRepository, SeriesRow } from './image-series.repository';

type SeriesRequest = z.infer<typeof createSeriesRequestSchema>;

const bookNotFound = () => new AppError('audiobook_not_found', 404);

/** generating, queued, processing and pending count as active (docs/product/audiobooks.md#illustration-series). */
const isActiveImageJob = (status: ImageJob['status']) =>
  status === 'pending' || status === 'queued' || status === 'processing' || status === 'generating';
const seriesNotFound = () => new AppError('series_not_found', 404);

const seriesOf = (row: SeriesRow, jobId: string | null = null): Series => ({
  id: row.id,
  serviceProvider: row.serviceProvider as ImageProviderName,
  imageStyle: row.imageStyle,
  // Rows written before names were kept as ids may hold a catalogue label: the id labels it now.
  styleName: ownStyleName(row.styleName),
  status: row.status,
  completedSentences: row.completedSentences,
  totalSentences: row.totalSentences,
  createdAt: row.createdAt.toISOString(),
  jobId,
});

/** The runtime's statuses in the series job's words: waiting reads 'queued', running 'generating'. */
const RUNTIME_STATUS = {
  pending: 'queued',
  processing: 'generating',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
} as const satisfies Record<string, ImageJob['status']>;

/** A job that could draw none of its pictures ended 'completed' for the runtime; the series job failed. */
function runtimeStatus(
  status: NonNullable<ImageJobWithRuntime['runtime']>['status'],
  progress: { total: number; failed: number } | null | undefined,
): ImageJob['status'] {
  const isAllFailed =
    progress !== null && progress !== undefined && progress.total > 0 && progress.failed === progress.total;
  return status === 'completed' && isAllFailed ? 'failed' : RUNTIME_STATUS[status];
}

/**
 * A series job as its runtime job reads now (docs/product/decisions.md#series-progress-is-the-jobs): status,
 * counts, error and end are the runtime's; a row no runtime job draws (made before series were runtime
 * jobs) reads as it was written, without counts.
 */
function jobOf({ row, runtime }: ImageJobWithRuntime): ImageJob {
  const progress = runtime?.progress;
  const error = coded.safeParse(runtime?.error);
  const completedAt = runtime ? runtime.completedAt : row.completedAt;
  return {
    id: row.id,
    jobId: row.jobId,
    seriesId: row.seriesId,
    serviceProvider: row.serviceProvider,
    imageStyle: row.imageStyle,
    styleName: ownStyleName(row.styleName),
    status: runtime ? runtimeStatus(runtime.status, progress) : row.status,
    processedImages: progress?.processed ?? 0,
    failedImages: progress?.failed ?? 0,
    totalImages: progress?.total ?? 0,
    batchSize: row.batchSize,
    error: error.success ? error.data : null,
    startedAt: row.startedAt?.toISOString() ?? null,
    completedAt: completedAt?.toISOString() ?? null,
  };
}

/**
 * Illustration series of a book (docs/product/audiobooks.md#illustration-series): a series is a style by a
 * provider; its pictures are drawn by a `generate-image-series` job of the one runtime, followed like any
 * job; the book's image-generation-job list reads each job's progress from the runtime.
 */
export function createImageSeriesService(deps: {
  books: AudiobooksRepository;
  series: ImageSeriesRepository;
  userProviders: UserProviders;
  jobStarter: Pick<JobStarter, 'start'>;
}) {
  const { series } = deps;

  async function bookOf(userId: string, id: number) {
    const book = await deps.books.find(userId, id);
    if (!book) throw bookNotFound();
    return book.row;
  }

  async function seriesIn(userId: string, id: number, seriesId: number) {
    const row = await series.find(userId, id, seriesId);
    if (!row) throw seriesNotFound();
    return row;
  }

  async function create(userId: string, id: number, request: SeriesRequest): Promise<SeriesRow> {
    const book = await bookOf(userId, id);
    const style = resolveImageStyle(request.imageStyle);
    const sentences = await series.illustratedSentences(userId, id, book.imageStep);
    return series.create(userId, id, {
      serviceProvider: request.serviceProvider,
      imageStyle: String(style.id),
      // The id names a catalogue style; only a name of the learner's own is kept.
      styleName: ownStyleName(request.styleName),
      totalSentences: sentences.length,
    });
  }

  /** Starts drawing what a series lacks; the row the player lists is written first, then the job. */
  async function draw(userId: string, id: number, target: SeriesRow) {
    const book = await bookOf(userId, id);
    const providers = await deps.userProviders.forUser(userId);
    requirePictureProvider(providers, target.serviceProvider as ImageProviderName);
    const row = await series.insertJob(userId, {
      audiobookId: id,
      seriesId: target.id,
      serviceProvider: target.serviceProvider,
      imageStyle: target.imageStyle,
      styleName: ownStyleName(target.styleName),
    });
    const input: GenerateImageSeriesInput = {
      audiobookId: id,
      seriesId: target.id,
      serviceProvider: target.serviceProvider as ImageProviderName,
      imageStyle: target.imageStyle,
      imageStep: book.imageStep,
    };
    const missing = Math.max(0, target.totalSentences - target.completedSentences);
    const jobId = await deps.jobStarter.start(userId, JOB_KINDS.generateImageSeries, input, missing);
    await series.setJobRuntimeId(userId, row.id, jobId);
    return { jobId, row };
  }

  async function jobs(userId: string, id: number): Promise<ImageJob[]> {
    await bookOf(userId, id);
    return (await series.jobs(userId, id)).map(jobOf);
  }

  /** The runtime job drawing each series now, by series. */
  async function drawingJobs(userId: string, id: number): Promise<Map<number | null, string | null>> {
    const active = (await jobs(userId, id)).filter((job) => isActiveImageJob(job.status));
    // Newest first: the newest running job of a series is the one named.
    return new Map(active.reverse().map((job) => [job.seriesId, job.jobId]));
  }

  return {
    /**
     * A series left 'generating' by a job that ended without finishing (it failed) reads as failed, so the
     * picker shows it red and offers to fill it in.
     */
    async list(userId: string, id: number): Promise<Series[]> {
      const drawing = await drawingJobs(userId, id);
      return (await series.list(userId, id)).map((row) => {
        const view = seriesOf(row, drawing.get(row.id) ?? null);
        return view.status === 'generating' && !drawing.has(view.id) ? { ...view, status: 'failed' } : view;
      });
    },

    /** An empty series (nothing drawn yet); 'Пустая' when the book has no sentence to illustrate. */
    async create(userId: string, id: number, request: SeriesRequest): Promise<Series> {
      return seriesOf(await create(userId, id, request));
    },

    async items(userId: string, id: number, seriesId: number) {
      await seriesIn(userId, id, seriesId);
      return (await series.items(userId, seriesId)).flatMap((item) =>
        item.imageData === null ? [] : [{ sentenceId: item.sentenceId, imageData: item.imageData }],
      );
    },

    async image(userId: string, id: number, seriesId: number, sentenceId: number) {
      await seriesIn(userId, id, seriesId);
      const imageData = await series.item(userId, seriesId, sentenceId);
      if (!imageData) throw new AppError('picture_not_found', 404);
      return { imageData };
    },

    async delete(userId: string, id: number, seriesId: number) {
      await bookOf(userId, id);
      if (!(await series.delete(userId, id, seriesId))) throw seriesNotFound();
      return { id: seriesId };
    },

    /** Null goes back to the book's own pictures; a series must be the book's. */
    async select(userId: string, id: number, seriesId: number | null) {
      await bookOf(userId, id);
      if (seriesId !== null) await seriesIn(userId, id, seriesId);
      await series.select(userId, id, seriesId);
      return { selectedImageSeriesId: seriesId };
    },

    jobs,

    /** A new series drawn at once, or (existingSeriesId) the pictures an existing one lacks. */
    async startJob(
      userId: string,
      id: number,
      request: SeriesRequest & { existingSeriesId?: number | null | undefined },
    ) {
      const providers = await deps.userProviders.forUser(userId);
      requirePictureProvider(providers, request.serviceProvider);
      const target = request.existingSeriesId
        ? await seriesIn(userId, id, request.existingSeriesId)
        : await create(userId, id, request);
      const { jobId, row } = await draw(userId, id, target);
      return {
        jobId,
        job: { id: row.id, status: row.status, styleName: ownStyleName(row.styleName) },
        seriesId: target.id,
      };
    },

    /** Every series with fewer pictures than sentences, and no job drawing it now, is filled in. */
    async autoComplete(userId: string, id: number) {
      await bookOf(userId, id);
      const active = await drawingJobs(userId, id);
      const incomplete = (await series.list(userId, id)).filter(
        (row) => row.completedSentences < row.totalSentences && !active.has(row.id),
      );
      const started = [];
      for (const row of incomplete)
        started.push({ seriesId: row.id, jobId: (await draw(userId, id, row)).jobId });
      return { started };
    },
  };
}
export type ImageSeriesService = ReturnType<typeof createImageSeriesService>;
