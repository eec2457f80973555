import { UPLOAD_STAGES, type UploadStage, type UploadStageSkipReason } from '../../../shared/api/uploads';
import type { JobProgress } from '../../db/schema';
import type { UploadEntry, UploadJobInput } from '../../../shared/api/jobs';

/** The stages only a language model does (docs/product/upload.md#skipped-stages). */
const LANGUAGE_MODEL_STAGES: ReadonlySet<UploadStage> = new Set([
  'translation',
  'analysis',
  'examples',
  'tags',
  'themes',
]);

/**
 * Which stages this upload does not run, and why (docs/product/upload.md#skipped-stages): without a
 * language model (none configured, or the learner asked for no AI help) its stages are skipped, base
 * translation only when some line needs one; without pictures asked for, the picture stage is.
 */
export function skippedStages(
  input: Pick<UploadJobInput, 'enhanceWithAI' | 'generateImages'>,
  hasLanguageModel: boolean,
  needsTranslation: boolean,
): Partial<Record<UploadStage, UploadStageSkipReason>> {
  const skipped: Partial<Record<UploadStage, UploadStageSkipReason>> = {};
  const modelReason = !input.enhanceWithAI ? 'ai_off' : hasLanguageModel ? null : 'no_language_model';
  if (modelReason) {
    for (const stage of LANGUAGE_MODEL_STAGES) {
      if (stage !== 'translation' || needsTranslation) skipped[stage] = modelReason;
    }
  }
  if (!input.generateImages) skipped.images = 'images_off';
  return skipped;
}

/**
 * The counts of the ten monitoring stages (docs/product/upload.md#stages) and of lines done or failed: one
 * object owns them, and each step tells it what it really finished; a skipped stage counts nothing.
 */
export function createUploadTally(
  upload: {
    input: Pick<UploadJobInput, 'entries' | 'rejected' | 'enhanceWithAI' | 'generateImages'>;
    reportProgress(progress: Partial<JobProgress>): Promise<void>;
  },
  /**
   * The entries left after the duplicates step (on a resumed run, the checkpoint's lines are done): words
   * to add, which every stage counts, and words an import updates, which only the saving does.
   */
  left: { adds: readonly UploadEntry[]; updates: readonly UploadEntry[] },
  isResumed: boolean,
  hasLanguageModel: boolean,
) {
  const { input } = upload;
  const total = input.entries.length + input.rejected.length;
  const fresh = left.adds.length + left.updates.length;
  const needingTranslation = left.adds.filter((entry) => !entry.russian).length;
  const skipped = skippedStages(input, hasLanguageModel, needingTranslation > 0);
  const stageTotal = (stage: UploadStage) => {
    if (skipped[stage]) return 0;
    if (stage === 'duplicates') return input.entries.length;
    if (stage === 'translation') return needingTranslation;
    if (stage === 'saving') return fresh;
    return left.adds.length;
  };
  const counters = Object.fromEntries(
    UPLOAD_STAGES.map((stage) => [stage, { completed: 0, total: stageTotal(stage) }]),
  ) as Record<UploadStage, { completed: number; total: number }>;
  counters.duplicates.completed = counters.duplicates.total;
  // Rejected lines count as failed on the first run; a resumed run starts its counts from what is left.
  let processed = total - fresh - (isResumed ? 0 : input.rejected.length);
  let failed = isResumed ? 0 : input.rejected.length;
  return {
    complete(stage: UploadStage, count = 1) {
      if (skipped[stage]) return;
      counters[stage].completed += count;
    },
    lineFailed() {
      failed += 1;
    },
    linesSaved(count: number) {
      processed += count;
    },
    report: (stage: UploadStage, currentWord: string | null) =>
      upload.reportProgress({
        total,
        processed,
        failed,
        stage,
        currentWord,
        stages: UPLOAD_STAGES.map((name) => {
          const reason = skipped[name];
          return { name, ...counters[name], ...(reason ? { skipped: { reason } } : {}) };
        }),
      }),
  };
}
export type UploadTally = ReturnType<typeof createUploadTally>;
