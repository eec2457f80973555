import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BookOpen, EyeOff, Headphones, Layers } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { wordsQueryOptions } from '../../../lib/api/words.api';
import { wordStats } from '../lib/upload-job-state';
import { formatCount } from '../../../lib/number-format';

/**
 * Total, hidden, studying and listened, from the learner's word list. The counters are written in the
 * Russian format whatever the interface language (`formatCount`, docs/product/upload.md#upload-screen).
 * Their reset is the dictionary's, which asks first and can be undone
 * (docs/product/decisions.md#listen-count-reset-moved).
 */
export function WordStats() {
  const { t } = useTranslation();
  const titleId = useId();
  // The shared whole-list entry, so an upload or a reset (which invalidate `words`) refresh it.
  const stats = useQuery({ ...wordsQueryOptions(), select: wordStats });

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
          value: stats.data.listened,
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
      </CardContent>
    </Card>
  );
}
