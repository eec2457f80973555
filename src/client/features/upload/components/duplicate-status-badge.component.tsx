import { useTranslation } from 'react-i18next';
import { Badge } from '../../../ui/badge.component';

/** 'Активное' (takes part in study and tests) or 'Неактивное' (temporarily excluded). */
export function DuplicateStatusBadge({ isActive }: { isActive: boolean }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="outline"
      className={
        isActive
          ? 'border-green-700 text-green-800 dark:border-green-400 dark:text-green-300'
          : 'border-muted-foreground text-muted-foreground'
      }
    >
      {isActive ? t('upload.results.active') : t('upload.results.inactive')}
    </Badge>
  );
}
