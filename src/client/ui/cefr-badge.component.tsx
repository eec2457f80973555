import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';

/**
 * docs/product/dictionary.md#word-row: A1 green, A2 yellow, B1 orange, B2 pink, C1 cyan, C2 purple. Pale
 * fills with dark text (and the reverse in dark mode) keep the level readable at AA contrast.
 */
const CEFR_BADGE_CLASSES: Record<string, string> = {
  A1: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  A2: 'bg-yellow-100 text-yellow-900 dark:bg-yellow-950 dark:text-yellow-200',
  B1: 'bg-orange-100 text-orange-900 dark:bg-orange-950 dark:text-orange-200',
  B2: 'bg-pink-100 text-pink-900 dark:bg-pink-950 dark:text-pink-200',
  C1: 'bg-cyan-100 text-cyan-900 dark:bg-cyan-950 dark:text-cyan-200',
  C2: 'bg-purple-100 text-purple-900 dark:bg-purple-950 dark:text-purple-200',
};

const FALLBACK_CLASSES = 'bg-secondary text-secondary-foreground';

export function CefrBadge({ level, className }: { level: string; className?: string }) {
  const { t } = useTranslation();
  const normalized = level.trim().toUpperCase();
  return (
    <span
      title={t('recentWords.cefrLevel', { level: normalized })}
      className={cn(
        'inline-flex min-w-9 items-center justify-center rounded-md px-2 py-0.5 text-xs font-semibold',
        CEFR_BADGE_CLASSES[normalized] ?? FALLBACK_CLASSES,
        className,
      )}
    >
      {normalized}
    </span>
  );
}
