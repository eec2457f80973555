import { useTranslation } from 'react-i18next';
import { Headphones } from 'lucide-react';
import { type ListenThresholdSettings, type ListenTone, listenTone } from '../lib/listen-badge';
import { CountBadge } from './count-badge.component';

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
  return (
    <CountBadge
      Icon={Headphones}
      label={t('dictionary.row.listenCount', { count })}
      value={count}
      className={TONE_CLASSES[tone]}
      data-tone={tone}
    />
  );
}
