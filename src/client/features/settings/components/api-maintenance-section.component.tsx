import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, DatabaseZap, LoaderCircle } from 'lucide-react';
import type { JobProgress } from '../../../../shared/realtime';
import { useRealtimeMessage } from '../../../lib/hooks/realtime-message.hook';
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

/** Spec part 2 §9: the page reloads 1 s after a cache refresh, long enough to read the toast. */
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
  const [job, setJob] = useState<{ jobId: string; progress: JobProgress | null } | null>(null);

  // The job reports like every other job (`jobProgress`); only ours is shown.
  useRealtimeMessage((message) => {
    if (message.type === 'jobProgress' && message.jobId === job?.jobId)
      setJob({ jobId: message.jobId, progress: message.progress });
  });

  const run = async () => {
    setIsConfirming(false);
    try {
      const { jobId, totalWords } = await regenerate.mutateAsync();
      setJob({ jobId, progress: null });
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

  const progress = job?.progress;
  const percent =
    progress && progress.total > 0 ? Math.round((progress.processed / progress.total) * 100) : 0;

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
