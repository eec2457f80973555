import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { formatCount } from '../../../lib/number-format';

/** "Showing 50 of 5,000" and the button that renders the next page of rows. */
export function ShowMore({
  shown,
  total,
  hasMore,
  onShowMore,
}: {
  shown: number;
  total: number;
  hasMore: boolean;
  onShowMore: () => void;
}) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 pt-2">
      <p className="text-sm text-muted-foreground tabular-nums">
        {t('upload.results.shown', {
          shown: formatCount(shown),
          total: formatCount(total),
        })}
      </p>
      <Button variant="outline" size="sm" onClick={onShowMore}>
        <ChevronDown aria-hidden />
        {t('upload.results.showMore')}
      </Button>
    </div>
  );
}
