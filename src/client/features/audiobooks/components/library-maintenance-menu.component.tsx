import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { KeyRound, LoaderCircle, Wrench } from 'lucide-react';
import { validateLogicResultsSchema } from '../../../../shared/api/audiobook-jobs';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button.component';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu.component';
import { toast } from '../../../ui/toast-store';
import { SETTINGS_API_PATH } from '../../../ui/key-required-note.component';
import { useAnalyzeContent } from '../api/analyze-content.api';
import { useFixTags } from '../api/fix-tags.api';
import { useOptimizeCovers } from '../api/optimize-covers.api';
import { useReVerifyAll } from '../api/re-verify-all.api';
import { useValidateLogic } from '../api/validate-logic.api';
import { useValidateTagConflicts } from '../api/validate-tag-conflicts.api';

/**
 * The library's maintenance actions (docs/product/audiobooks.md#maintenance), each ending in a toast with
 * the counts it names; the logic check runs as a job and needs a language model.
 */
export function LibraryMaintenanceMenu({ hasLanguageModel }: { hasLanguageModel: boolean }) {
  const needsKeyId = useId();
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const reVerify = useReVerifyAll();
  const fixTags = useFixTags();
  const analyze = useAnalyzeContent();
  const optimize = useOptimizeCovers();
  const conflicts = useValidateTagConflicts();
  const validateLogic = useValidateLogic();
  const [logicJobId, setLogicJobId] = useState<string | null>(null);
  const { job: logicJob, start } = useJob(logicJobId, {
    onFinish: (job) => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all });
      const results = validateLogicResultsSchema.safeParse(job.results);
      if (job.status === 'completed' && results.success) {
        toast({
          title: t('audiobooks.maintenance.logicDone'),
          description: t('audiobooks.maintenance.logicCounts', {
            found: results.data.statistics.errorsFound,
            fixed: results.data.statistics.errorsFixed,
            failed: results.data.failedBooks,
          }),
        });
      } else {
        toast({
          title: t('audiobooks.maintenance.logicFailed'),
          description: job.error ? errorText(t, job.error) : undefined,
          variant: 'destructive',
        });
      }
    },
  });
  const isLogicRunning =
    logicJob !== null && (logicJob.status === 'pending' || logicJob.status === 'processing');

  /** `failure`: the toast's title, or its title and the sentence shown when the server names no reason. */
  const run = async <T,>(
    action: () => Promise<T>,
    success: (answer: T) => { title: string; description: string },
    failure: string | { title: string; description: string },
  ) => {
    try {
      const answer = await action();
      await queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all });
      toast(success(answer));
    } catch (error) {
      const { title, description } = typeof failure === 'string' ? { title: failure } : failure;
      toast({
        title,
        description: serverErrorText(t, error) ?? description,
        variant: 'destructive',
      });
    }
  };

  const startLogic = async () => {
    try {
      const { jobId } = await start(
        () => validateLogic.mutateAsync(),
        (answer) => pendingJob(answer.jobId, 0),
        {
          socketWaitMs: 0,
        },
      );
      setLogicJobId(jobId);
      toast({ title: t('audiobooks.maintenance.logicStarted') });
    } catch (error) {
      toast({
        title: t('audiobooks.maintenance.logicFailed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    }
  };

  const isBusy =
    reVerify.isPending || fixTags.isPending || analyze.isPending || optimize.isPending || conflicts.isPending;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" aria-label={t('audiobooks.maintenance.menu')}>
          {isBusy || isLogicRunning ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <Wrench aria-hidden />
          )}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem
          onSelect={() =>
            void run(
              () => reVerify.mutateAsync(),
              (answer) => ({
                title: t('audiobooks.maintenance.verified'),
                description: t('audiobooks.maintenance.verifiedCounts', {
                  total: answer.totalAudiobooks,
                  success: answer.successCount,
                  failed: answer.failedCount,
                }),
              }),
              {
                title: t('audiobooks.maintenance.verifyFailedTitle'),
                description: t('audiobooks.maintenance.verifyFailed'),
              },
            )
          }
        >
          {t('audiobooks.maintenance.reVerifyAll')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            void run(
              () => fixTags.mutateAsync(),
              ({ statistics }) => ({
                title: t('audiobooks.maintenance.tagsFixed'),
                description: t('audiobooks.maintenance.processedUpdated', statistics),
              }),
              t('audiobooks.maintenance.fixTagsFailed'),
            )
          }
        >
          {t('audiobooks.maintenance.fixTags')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            void run(
              () => analyze.mutateAsync(),
              ({ statistics }) => ({
                title: t('audiobooks.maintenance.analyzed'),
                description: t('audiobooks.maintenance.processedAnalyzed', statistics),
              }),
              t('audiobooks.maintenance.analyzeFailed'),
            )
          }
        >
          {t('audiobooks.maintenance.analyzeContent')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            void run(
              () => optimize.mutateAsync(),
              (answer) => ({
                title: t('audiobooks.maintenance.optimized'),
                description: t('audiobooks.maintenance.successFailed', answer),
              }),
              t('audiobooks.maintenance.optimizeFailed'),
            )
          }
        >
          {t('audiobooks.maintenance.optimizeCovers')}
        </DropdownMenuItem>
        <DropdownMenuItem
          onSelect={() =>
            void run(
              () => conflicts.mutateAsync(),
              ({ statistics }) => ({
                title: t('audiobooks.maintenance.conflictsChecked'),
                description: t('audiobooks.maintenance.conflictCounts', {
                  found: statistics.conflictsFound,
                  resolved: statistics.conflictsResolved,
                }),
              }),
              t('audiobooks.maintenance.conflictsFailed'),
            )
          }
        >
          {t('audiobooks.maintenance.validateTagConflicts')}
        </DropdownMenuItem>
        <DropdownMenuItem
          disabled={!hasLanguageModel || isLogicRunning}
          aria-describedby={hasLanguageModel ? undefined : needsKeyId}
          onSelect={() => void startLogic()}
        >
          {t('audiobooks.maintenance.validateLogic')}
        </DropdownMenuItem>
        {hasLanguageModel ? null : (
          // A disabled item cannot be focused: the reason is an item of its own, leading to the key
          // (docs/product/decisions.md#keys-before-they-are-needed).
          <DropdownMenuItem asChild>
            <Link to={SETTINGS_API_PATH} id={needsKeyId} className="text-muted-foreground">
              <KeyRound aria-hidden />
              {t('audiobooks.maintenance.validateLogicNeedsKey')}
            </Link>
          </DropdownMenuItem>
        )}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
