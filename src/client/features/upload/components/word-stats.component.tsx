import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookOpen, EyeOff, Headphones, Layers, LoaderCircle, RotateCcw } from 'lucide-react';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { toast } from '../../../ui/toast-store';
import { useResetListenCount } from '../../../lib/api/reset-listen-count.api';
import { wordsQueryOptions } from '../../../lib/api/words.api';
import {
  clearListenCountReset,
  isListenCountResetMarked,
  markListenCountReset,
} from '../lib/upload-job-storage';
import { wordStats } from '../lib/upload-job-state';
import { formatCount } from '../../../lib/number-format';

/** docs/product/upload.md#upload-screen: the reset flag is removed 100 ms after it has been applied. */
const RESET_FLAG_LIFETIME_MS = 100;

/**
 * Total, hidden, studying and listened, from the learner's word list, with the listen-counter reset. The
 * counters are written in the Russian format whatever the interface language (`formatCount`,
 * docs/product/upload.md#upload-screen).
 */
export function WordStats() {
  const { t } = useTranslation();
  const titleId = useId();
  const queryClient = useQueryClient();
  // The shared whole-list entry, so an upload or a reset (which invalidate `words`) refresh it.
  const stats = useQuery({ ...wordsQueryOptions(), select: wordStats });
  const reset = useResetListenCount();
  // Set while the listened counter must read 0: the time of the reset, so only a list fetched after it counts.
  const [zeroedSince, setZeroedSince] = useState<number | null>(() =>
    isListenCountResetMarked() ? Date.now() : null,
  );
  const isZeroed = zeroedSince !== null && stats.dataUpdatedAt <= zeroedSince;

  useEffect(() => {
    if (zeroedSince === null) return;
    const timer = setTimeout(clearListenCountReset, RESET_FLAG_LIFETIME_MS);
    return () => clearTimeout(timer);
  }, [zeroedSince]);

  const resetListened = async () => {
    try {
      await reset.mutateAsync();
      markListenCountReset();
      setZeroedSince(Date.now());
      toast({
        title: t('upload.toasts.resetDoneTitle'),
        description: t('upload.toasts.resetDoneDescription'),
      });
      await queryClient.invalidateQueries({ queryKey: queryKeys.words.all });
    } catch {
      toast({
        title: t('upload.toasts.resetFailedTitle'),
        description: t('upload.toasts.resetFailedDescription'),
        variant: 'destructive',
      });
    }
  };

  const counters = stats.data
    ? [
        {
          key: 'total',
          label: t('upload.stats.total'),
          value: stats.data.total,
          Icon: Layers,
          isIconLabel: false,
        },
        {
          key: 'hidden',
          label: t('upload.stats.hidden'),
          value: stats.data.hidden,
          Icon: EyeOff,
          isIconLabel: true,
        },
        {
          key: 'studying',
          label: t('upload.stats.studying'),
          value: stats.data.studying,
          Icon: BookOpen,
          isIconLabel: false,
        },
        {
          key: 'listened',
          label: t('upload.stats.listened'),
          value: isZeroed ? 0 : stats.data.listened,
          Icon: Headphones,
          isIconLabel: false,
        },
      ]
    : [];

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('upload.stats.title')}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {stats.isPending ? (
          <p role="status" className="text-muted-foreground">
            {t('common.loading')}
          </p>
        ) : stats.isError ? (
          <div className="flex flex-wrap items-center gap-3">
            <p className="text-muted-foreground">{t('upload.stats.loadError')}</p>
            <Button variant="outline" size="sm" onClick={() => void stats.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : (
          <dl className="grid grid-cols-2 gap-3">
            {counters.map(({ key, label, value, Icon, isIconLabel }) => (
              <div key={key} className="flex flex-col gap-1 rounded-lg border p-3" data-stat={key}>
                <dt className="flex items-center gap-1.5 text-sm text-muted-foreground" title={label}>
                  <Icon className="size-4 shrink-0 text-accent-text" aria-hidden />
                  {/* The hidden counter is labelled by its icon alone; its name stays for screen readers. */}
                  <span className={isIconLabel ? 'sr-only' : undefined}>{label}</span>
                </dt>
                <dd className="text-2xl font-bold tabular-nums">{formatCount(value)}</dd>
              </div>
            ))}
          </dl>
        )}
        <Button
          variant="destructive"
          title={t('upload.stats.reset')}
          onClick={() => void resetListened()}
          disabled={reset.isPending}
          className="w-full whitespace-normal"
        >
          {reset.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <RotateCcw aria-hidden />
          )}
          {t('upload.stats.reset')}
        </Button>
      </CardContent>
    </Card>
  );
}
