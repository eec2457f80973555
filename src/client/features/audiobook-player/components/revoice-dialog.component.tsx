import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { revoiceResultsSchema } from '../../../../shared/api/audiobook-jobs';
import { serverErrorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { jobDoneCount } from '../../../lib/jobs/job-progress';
import { pendingJob } from '../../../lib/jobs/job-state';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';
import { toast } from '../../../ui/toast-store';
import { refreshBook } from '../api/refresh-book';
import { useRevoiceBook } from '../api/revoice-book.api';
import { useRevoiceSummary } from '../api/revoice-summary.api';

interface RevoiceDialogProps {
  bookId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * 'Переозвучить книгу' (docs/product/audiobooks.md#clips-and-the-learners-settings): how many of the book's
 * clips were made with other settings, the paid ones apart, and the job that makes them again once the
 * learner confirms, followed live.
 */
export function RevoiceDialog({ bookId, isOpen, onOpenChange }: RevoiceDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const summary = useRevoiceSummary(bookId, { isEnabled: isOpen });
  const revoice = useRevoiceBook();
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, start } = useJob(jobId, {
    onFinish: (finished) => {
      void refreshBook(queryClient, bookId);
      void queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.revoice(bookId) });
      const results = revoiceResultsSchema.safeParse(finished.results);
      if (finished.status === 'completed' && results.success) {
        toast({ title: t('audiobookPlayer.revoiceDialog.done', { count: results.data.revoicedCount }) });
      } else if (finished.status === 'failed') {
        toast({ title: t('audiobookPlayer.revoiceDialog.failed'), variant: 'destructive' });
      }
    },
  });
  const isRunning = job !== null && (job.status === 'pending' || job.status === 'processing');

  const confirm = async () => {
    try {
      const answer = await start(
        () => revoice.mutateAsync(bookId),
        (started) => pendingJob(started.jobId, 0),
        { socketWaitMs: 0 },
      );
      setJobId(answer.jobId);
    } catch (error) {
      toast({
        title: t('audiobookPlayer.revoiceDialog.failed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    }
  };

  const data = summary.data;
  const hasStale = data !== undefined && data.paidClips + data.freeClips > 0;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('audiobookPlayer.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.revoiceDialog.title')}</DialogTitle>
          <DialogDescription>{t('audiobookPlayer.revoiceDialog.description')}</DialogDescription>
        </DialogHeader>
        {data ? (
          hasStale ? (
            <ul className="flex flex-col gap-1 text-sm" data-testid="revoice-counts">
              <li className="font-medium">
                {t('audiobookPlayer.revoiceDialog.paid', { count: data.paidClips })}
              </li>
              <li>{t('audiobookPlayer.revoiceDialog.free', { count: data.freeClips })}</li>
            </ul>
          ) : (
            <p className="text-sm" data-testid="revoice-counts">
              {t('audiobookPlayer.revoiceDialog.none')}
            </p>
          )
        ) : summary.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {serverErrorText(t, summary.error) ?? t('audiobookPlayer.revoiceDialog.countFailed')}
          </p>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('audiobookPlayer.revoiceDialog.loading')}
          </p>
        )}
        {isRunning ? (
          <p role="status" className="text-sm">
            {t('audiobookPlayer.revoiceDialog.running', {
              processed: jobDoneCount(job),
              total: job.progress.total,
            })}
          </p>
        ) : null}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('audiobookPlayer.revoiceDialog.cancel')}
          </Button>
          <Button onClick={() => void confirm()} disabled={!hasStale || isRunning || revoice.isPending}>
            {isRunning ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
            {t('audiobookPlayer.revoiceDialog.confirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
