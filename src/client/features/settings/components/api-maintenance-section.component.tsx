import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, DatabaseZap, LoaderCircle } from 'lucide-react';
import { useJob } from '../../../lib/jobs/job.hook';
import { pendingJob } from '../../../lib/jobs/job-state';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../ui/dialog.component';
import { Progress } from '../../../ui/progress.component';
import { toast } from '../../../ui/toast-store';
import { useForceCacheRefresh } from '../api/force-cache-refresh.api';
import { useRegenerateAllRussianAudio } from '../api/regenerate-all-russian-audio.api';
import { jobPercent } from '../../../lib/jobs/job-progress';

/**
 * docs/product/settings.md#cache-refresh: the page reloads 1 s after a cache refresh, long enough to read the
 * toast.
 */
export const CACHE_REFRESH_RELOAD_DELAY_MS = 1000;

/** Cache refresh and mass Russian audio regeneration. */
export function ApiMaintenanceSection() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.maintenance.title')}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <CacheRefresh />
        <RussianAudioRegeneration />
      </CardContent>
    </Card>
  );
}

function CacheRefresh() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = useForceCacheRefresh();
  const titleId = useId();
  const [isReloading, setIsReloading] = useState(false);

  useEffect(() => {
    if (!isReloading) return;
    const timer = setTimeout(() => window.location.reload(), CACHE_REFRESH_RELOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [isReloading]);

  const run = async () => {
    try {
      const { stats } = await refresh.mutateAsync();
      toast({
        title: t('settingsProviders.maintenance.cacheRefreshed'),
        description: t('settingsProviders.maintenance.cacheRefreshedDescription', {
          count: stats.totalWords,
        }),
      });
      // Every cached answer may hold the old counters; the reload then fetches everything afresh.
      queryClient.clear();
      setIsReloading(true);
    } catch {
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.maintenance.cacheFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={titleId} className="flex flex-col items-start gap-2">
      <h3 id={titleId} className="font-semibold">
        {t('settingsProviders.maintenance.cacheTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('settingsProviders.maintenance.cacheDescription')}</p>
      <Button variant="outline" onClick={() => void run()} disabled={refresh.isPending || isReloading}>
        {refresh.isPending || isReloading ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : (
          <DatabaseZap aria-hidden />
        )}
        {t('settingsProviders.maintenance.cacheRefresh')}
      </Button>
    </section>
  );
}

function RussianAudioRegeneration() {
  const { t } = useTranslation();
  const regenerate = useRegenerateAllRussianAudio();
  const titleId = useId();
  const progressLabelId = useId();
  const [isConfirming, setIsConfirming] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);
  // The job reports like every other job (`jobProgress`), followed with the status call as its safety net.
  const { job, start } = useJob(jobId);

  const run = async () => {
    setIsConfirming(false);
    try {
      const { jobId: startedId, totalWords } = await start(
        () => regenerate.mutateAsync(),
        (answer) => pendingJob(answer.jobId, answer.totalWords),
        // The progress shows from the job's first report; nothing is lost by not waiting for the socket.
        { socketWaitMs: 0 },
      );
      setJobId(startedId);
      toast({
        title: t('settingsProviders.maintenance.russianAudioStarted'),
        description: t('settingsProviders.maintenance.russianAudioStartedDescription', { count: totalWords }),
      });
    } catch {
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.maintenance.russianAudioFailed'),
        variant: 'destructive',
      });
    }
  };

  // Shown once the job has reported (it leaves 'pending' with its first progress), as before any report
  // there is nothing to count yet.
  const progress = job && job.status !== 'pending' ? job.progress : null;
  const percent = job && progress ? jobPercent({ status: job.status, progress }) : 0;

  return (
    <section aria-labelledby={titleId} className="flex flex-col items-start gap-2">
      <h3 id={titleId} className="font-semibold">
        {t('settingsProviders.maintenance.russianAudioTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">
        {t('settingsProviders.maintenance.russianAudioDescription')}
      </p>
      <Dialog open={isConfirming} onOpenChange={setIsConfirming}>
        <DialogTrigger asChild>
          <Button variant="outline" disabled={regenerate.isPending}>
            {regenerate.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <AudioLines aria-hidden />
            )}
            {t('settingsProviders.maintenance.russianAudioStart')}
          </Button>
        </DialogTrigger>
        <DialogContent closeLabel={t('settingsProviders.common.close')}>
          <DialogHeader>
            <DialogTitle>{t('settingsProviders.maintenance.russianAudioConfirmTitle')}</DialogTitle>
            <DialogDescription>
              {t('settingsProviders.maintenance.russianAudioConfirmDescription')}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">{t('settingsProviders.common.cancel')}</Button>
            </DialogClose>
            <Button onClick={() => void run()}>
              {t('settingsProviders.maintenance.russianAudioConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {progress ? (
        <div className="flex w-full flex-col gap-1">
          <span id={progressLabelId} className="text-sm">
            {t('settingsProviders.maintenance.russianAudioProgressLabel')}
            {': '}
            <span className="tabular-nums">
              {t('settingsProviders.maintenance.russianAudioProgress', {
                processed: progress.processed,
                total: progress.total,
              })}
            </span>
          </span>
          <Progress value={percent} aria-labelledby={progressLabelId} />
        </div>
      ) : null}
    </section>
  );
}
