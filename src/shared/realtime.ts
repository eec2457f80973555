import { z } from 'zod';
import { coded } from './api/errors';

/** The WebSocket at `/ws` (docs/product/jobs.md#socket): every message either side sends. */
export const REALTIME_PATH = '/ws';

export const clientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ping') }),
  z.object({ type: z.literal('subscribe'), jobId: z.string().min(1).max(100) }),
]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

export const JOB_STATUSES = ['pending', 'processing', 'completed', 'failed', 'cancelled'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** A job that has ended: nothing runs or reports after it (docs/product/jobs.md#job-row). */
export const isJobFinished = (status: JobStatus): boolean =>
  status === 'completed' || status === 'failed' || status === 'cancelled';
export const isJobActive = (status: JobStatus): boolean => !isJobFinished(status);
/**
 * One monitoring stage's counts. `skipped`: the stage did not run, and why (docs/product/upload.md#skipped-stages);
 * the reason stays a plain string here, so a client that does not know a newer reason still reads the message.
 */
export const stageCountSchema = z.object({
  name: z.string(),
  completed: z.number().int(),
  total: z.number().int(),
  skipped: z.object({ reason: z.string() }).optional(),
});
export const jobProgressSchema = z.object({
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  stage: z.string().nullable(),
  currentWord: z.string().nullable(),
  /** Milliseconds (docs/product/jobs.md#progress), from the measured rate; null until there is one. */
  estimatedTimeRemaining: z.number().nullable(),
  /**
   * The upload's ten monitoring stages (docs/product/upload.md#stages), each with completed/total; other jobs
   * have none.
   */
  stages: z.array(stageCountSchema).optional(),
  /**
   * Named event counts, for a job that has them (an audiobook's creation counts model calls, clips,
   * sentences…: docs/product/audiobooks.md#creation); other jobs have none.
   */
  counters: z.record(z.string(), z.number().int()).optional(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;

/** A job's progress before its first step: the total known at the start, nothing done, no estimate. */
export const emptyJobProgress = (total: number): JobProgress & { stage: string } => ({
  total,
  processed: 0,
  failed: 0,
  stage: 'pending',
  currentWord: null,
  estimatedTimeRemaining: null,
});

const translationProgress = z.object({
  current: z.number().int(),
  total: z.number().int(),
  regenerated: z.number().int(),
  failed: z.number().int(),
  currentWord: z.string().nullable(),
});
const translationCorrection = z.object({
  spanish: z.string(),
  oldTranslation: z.string(),
  newTranslation: z.string(),
});
const translationSummary = z.object({
  totalWords: z.number().int(),
  regenerated: z.number().int(),
  failed: z.number().int(),
  isStopped: z.boolean(),
});

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('connected'), userId: z.string() }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('error'), message: z.string(), jobId: z.string().optional() }),
  z.object({ type: z.literal('jobStatus'), jobId: z.string(), status: z.enum(JOB_STATUSES) }),
  z.object({
    type: z.literal('jobProgress'),
    jobId: z.string(),
    /** Which kind of job: upload, regenerate-all-phrases, force-cache-refresh… */
    kind: z.string(),
    status: z.enum(JOB_STATUSES),
    progress: jobProgressSchema,
  }),
  z.object({ type: z.literal('translation_regeneration_progress'), progress: translationProgress }),
  z.object({ type: z.literal('translation_regeneration_update'), wordData: translationCorrection }),
  z.object({ type: z.literal('translation_regeneration_complete'), summary: translationSummary }),
  z.object({
    type: z.literal('translation_regeneration_error'),
    wordData: z.object({ spanish: z.string() }),
    error: coded,
  }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;
export type TranslationCorrection = z.infer<typeof translationCorrection>;
