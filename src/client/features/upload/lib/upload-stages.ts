import {
  UPLOAD_STAGE_SKIP_REASONS,
  UPLOAD_STAGES,
  type UploadStage,
  type UploadStageSkipReason,
} from '../../../../shared/api/uploads';
import { isJobActive, type JobStatus } from '../../../../shared/realtime';

/**
 * The icons of the monitoring table (docs/product/upload.md#upload-screen), and skipped
 * (docs/product/upload.md#skipped-stages).
 */
export type StageStatus = 'done' | 'running' | 'waiting' | 'not-started' | 'skipped';

export interface StageCount {
  name: string;
  completed: number;
  total: number;
  skipped?: { reason: string } | undefined;
}

/** Why a stage was skipped, as the screen words it; a reason this client does not know reads 'other'. */
export type StageSkipReason = UploadStageSkipReason | 'other';

export interface StageRow {
  name: UploadStage;
  completed: number;
  total: number;
  status: StageStatus;
  /** Set when the status is skipped. */
  skipReason?: StageSkipReason;
}

const skipReasonOf = (reason: string): StageSkipReason =>
  (UPLOAD_STAGE_SKIP_REASONS as readonly string[]).includes(reason)
    ? (reason as UploadStageSkipReason)
    : 'other';

export function isUploadStage(value: unknown): value is UploadStage {
  return typeof value === 'string' && (UPLOAD_STAGES as readonly string[]).includes(value);
}

/**
 * What the stage line of the progress panel says: one of the ten stages, 'pending' before the worker
 * picked the job up, 'finishing' once every word went through (the server's last step or any stage name
 * this client does not know), or null when there is no job.
 */
export type CurrentStage = UploadStage | 'pending' | 'finishing';

export function currentStageOf(status: JobStatus, stage: string | null): CurrentStage {
  if (isUploadStage(stage)) return stage;
  if (status === 'pending' || stage === null || stage === 'pending') return 'pending';
  return 'finishing';
}

/**
 * One row per monitoring stage, in the fixed order. Words flow through the stages in chunks, so several
 * stages can be under way at once; a stage's own counts decide first, the server's current stage second:
 * - done: every item of the stage is through, or the stage had nothing to do and the job went past it
 *   (a paste with every translation given skips base translation), or the job completed;
 * - running: the current stage, or one with part of its items through, while the job is active;
 * - waiting: the job is active and the stage has not begun;
 * - not started: no job is running (not yet, or it failed or was cancelled before the stage began);
 * - skipped: the server said the stage does not run in this upload, and why.
 */
export function deriveStageRows(
  job: { status: JobStatus; stage: string | null; stages: readonly StageCount[] | undefined } | null,
): StageRow[] {
  const counts = new Map((job?.stages ?? []).map((stage) => [stage.name, stage]));
  const current = job ? currentStageOf(job.status, job.stage) : null;
  const currentIndex = current && isUploadStage(current) ? UPLOAD_STAGES.indexOf(current) : -1;
  const isActive = job ? isJobActive(job.status) : false;
  const isPastEveryStage = job ? current === 'finishing' && job.status !== 'pending' : false;

  return UPLOAD_STAGES.map((name, index) => {
    const count = counts.get(name);
    const completed = Math.max(0, count?.completed ?? 0);
    const total = Math.max(0, count?.total ?? 0);
    const row = { name, completed: Math.min(completed, total || completed), total };
    if (!job) return { ...row, status: 'not-started' };
    if (count?.skipped) return { ...row, status: 'skipped', skipReason: skipReasonOf(count.skipped.reason) };
    const isWentPast = isPastEveryStage || (currentIndex !== -1 && index < currentIndex);
    const isAllThrough = total > 0 && completed >= total;
    if (job.status === 'completed' || isAllThrough || (total === 0 && isWentPast)) {
      return { ...row, status: 'done' };
    }
    if (isActive && (index === currentIndex || completed > 0)) return { ...row, status: 'running' };
    if (isActive) return { ...row, status: 'waiting' };
    return { ...row, status: 'not-started' };
  });
}
