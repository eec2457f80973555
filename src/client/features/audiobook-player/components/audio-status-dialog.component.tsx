import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { generateMissingAudioResultsSchema } from '../../../../shared/api/audiobook-jobs';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { jobDoneCount } from '../../../lib/jobs/job-progress';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';
import { Progress } from '../../../ui/progress.component';
import { toast } from '../../../ui/toast-store';
import { useAudioStatus } from '../api/audio-status.api';
import { useGenerateMissingAudio } from '../api/generate-missing-audio.api';
import { refreshBook } from '../api/refresh-book';

interface AudioStatusDialogProps {
  bookId: number;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

/**
 * Readiness of the book's audio (docs/product/audiobooks.md#audio-status), read every 10 s while open, and
 * the job that makes every missing clip, followed live.
 */
export function AudioStatusDialog({ bookId, isOpen, onOpenChange }: AudioStatusDialogProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useAudioStatus(bookId, { isEnabled: isOpen });
  const generate = useGenerateMissingAudio();
  const [jobId, setJobId] = useState<string | null>(null);
  const { job, start } = useJob(jobId, {
    onFinish: (finished) => {
      void refreshBook(queryClient, bookId);
      const results = generateMissingAudioResultsSchema.safeParse(finished.results);
      if (finished.status === 'completed' && results.success) {
        toast({ title: t('audiobookPlayer.audioStatusDialog.done', { count: results.data.generatedCount }) });
      } else if (finished.status === 'failed') {
        toast({ title: t('audiobookPlayer.alerts.missingAudioFailed'), variant: 'destructive' });
      }
    },
  });
  const isRunning = job !== null && (job.status === 'pending' || job.status === 'processing');

  const run = async () => {
    try {
      const answer = await start(
        () => generate.mutateAsync(bookId),
        (started) => pendingJob(started.jobId, status.data?.totalSentences ?? 0),
        { socketWaitMs: 0 },
      );
      setJobId(answer.jobId);
    } catch {
      toast({ title: t('audiobookPlayer.alerts.missingAudioFailed'), variant: 'destructive' });
    }
  };

  const data = status.data;
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" closeLabel={t('audiobookPlayer.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobookPlayer.audioStatusDialog.title')}</DialogTitle>
          <DialogDescription>{t('audiobookPlayer.audioStatusDialog.note')}</DialogDescription>
        </DialogHeader>
        {data ? (
          <div className="flex flex-col gap-3" data-testid="audio-status">
            <p className="text-lg font-semibold">
              {t('audiobookPlayer.audioStatusDialog.percent', { percent: data.percentReady })}
            </p>
            <Progress value={data.percentReady} aria-label={t('audiobookPlayer.audioStatusDialog.title')} />
            <ul className="flex flex-col gap-1 text-sm">
              <li>
                {t('audiobookPlayer.audioStatusDialog.main', {
                  ready: data.mainAudioReady,
                  total: data.totalSentences,
                })}
              </li>
              <li>
                {t('audiobookPlayer.audioStatusDialog.second', {
                  ready: data.secondVoiceReady,
                  total: data.totalSentences,
                })}
              </li>
              <li>
                {t('audiobookPlayer.audioStatusDialog.russian', {
                  ready: data.russianAudioReady,
                  total: data.totalSentences,
                })}
              </li>
              <li className="font-medium">
                {t('audiobookPlayer.audioStatusDialog.playAll', {
                  ready: data.readyForPlayback,
                  total: data.totalSentences,
                })}
              </li>
            </ul>
          </div>
        ) : (
          <p role="status" className="text-sm text-muted-foreground">
            {t('audiobookPlayer.audioStatusDialog.loading')}
          </p>
        )}
        {isRunning ? (
          <p role="status" className="text-sm">
            {t('audiobookPlayer.audioStatusDialog.generating', {
              processed: jobDoneCount(job),
              total: job.progress.total,
            })}
          </p>
        ) : null}
        <Button
          onClick={() => void run()}
          disabled={isRunning || generate.isPending || data?.percentReady === 100}
        >
          {isRunning ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {t('audiobookPlayer.audioStatusDialog.generate')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
