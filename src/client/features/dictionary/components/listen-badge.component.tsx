import { useTranslation } from 'react-i18next';
import { Headphones } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { type ListenThresholdSettings, type ListenTone, listenTone } from '../lib/listen-badge';

/** Pale fills with dark text (and the reverse in dark mode) keep the count readable at AA contrast. */
const TONE_CLASSES: Record<ListenTone, string> = {
  low: 'bg-secondary text-secondary-foreground',
  warning: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  safe: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  hidden: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function ListenBadge({
  count,
  isActive,
  thresholds,
}: {
  count: number;
  isActive: boolean;
  thresholds: ListenThresholdSettings | undefined;
}) {
  const { t } = useTranslation();
  const tone = listenTone(count, isActive, thresholds);
  const label = t('dictionary.row.listenCount', { count });
  return (
    <span
      title={label}
      data-tone={tone}
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-semibold tabular-nums',
        TONE_CLASSES[tone],
      )}
    >
      <Headphones className="size-3.5" aria-hidden />
      <span className="sr-only">{label}</span>
      <span aria-hidden>{count}</span>
    </span>
  );
}
