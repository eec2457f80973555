import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Clock, Info } from 'lucide-react';
import type { UploadJob } from '../../../../shared/api/uploads';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { Progress } from '../../../ui/progress.component';
import { jobCurrentIndex, jobPercent, splitRemaining } from '../lib/upload-job-state';
import { currentStageOf } from '../lib/upload-stages';
import { lookupTranslation, type TranslationLookup } from '../lib/upload-text';

/**
 * While the job runs (docs/product/upload.md#upload-screen): word index of total, a bar, the stage and its
 * hint, the word being processed with its translation, and the time the rest should take.
 */
export function UploadProgress({ job, lookup }: { job: UploadJob; lookup: TranslationLookup }) {
  const { t } = useTranslation();
  const titleId = useId();
  const barLabelId = useId();
  const { progress } = job;
  const percent = jobPercent(job);
  const stage = currentStageOf(job.status, progress.stage);
  const translation = lookupTranslation(lookup, progress.currentWord);
  const remaining = splitRemaining(progress.estimatedTimeRemaining);

  const stageText =
    stage === 'pending'
      ? t('upload.progress.stagePending')
      : stage === 'finishing'
        ? t('upload.progress.stageFinishing')
        : t(`upload.stages.${stage}.name`);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('upload.progress.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span id={barLabelId} className="font-medium tabular-nums">
              {t('upload.progress.wordIndex', { current: jobCurrentIndex(job), total: progress.total })}
            </span>
            <span className="text-sm tabular-nums text-muted-foreground">
              {t('upload.progress.percent', { percent })}
            </span>
          </div>
          <Progress value={percent} aria-labelledby={barLabelId} />
        </div>

        <dl className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-0.5">
            <dt className="text-sm text-muted-foreground">{t('upload.progress.stageLabel')}</dt>
            <dd className="font-medium">{stageText}</dd>
            {stage !== 'pending' && stage !== 'finishing' ? (
              <dd className="text-sm text-muted-foreground">{t(`upload.stages.${stage}.hint`)}</dd>
            ) : null}
          </div>
          {progress.currentWord ? (
            <div className="flex min-w-0 flex-col gap-0.5">
              <dt className="text-sm text-muted-foreground">{t('upload.progress.currentWordLabel')}</dt>
              <dd lang="es" className="truncate text-lg font-semibold">
                {progress.currentWord}
              </dd>
              {translation ? (
                <dd lang="ru" className="truncate text-muted-foreground">
                  {translation}
                </dd>
              ) : null}
            </div>
          ) : null}
        </dl>

        <div className="flex flex-col gap-1 text-sm text-muted-foreground">
          {remaining ? (
            <p className="flex items-center gap-1.5">
              <Clock className="size-4 shrink-0" aria-hidden />
              {t('upload.progress.remaining', {
                time:
                  remaining.minutes > 0
                    ? t('upload.progress.remainingMinutes', remaining)
                    : t('upload.progress.remainingSeconds', remaining),
              })}
            </p>
          ) : null}
          <p className="flex items-start gap-1.5">
            <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('upload.progress.timeNote')}
          </p>
        </div>
      </CardContent>
    </Card>
  );
}
