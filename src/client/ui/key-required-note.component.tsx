import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { KeyRound } from 'lucide-react';
import { cn } from '../lib/cn';

/** Where a learner adds a provider key (docs/product/settings.md#api-tab). */
export const SETTINGS_API_PATH = '/settings?tab=api';

/**
 * Why an action is disabled: it needs a provider key the learner has not added, and the way to Settings ›
 * API (docs/product/decisions.md#keys-before-they-are-needed). The disabled control names this note with
 * `aria-describedby`, so the reason is read with it.
 */
export function KeyRequiredNote({
  id,
  reason,
  className,
}: {
  id: string;
  reason: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <p id={id} className={cn('flex items-start gap-1.5 text-sm text-muted-foreground', className)}>
      <KeyRound className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {reason}{' '}
        <Link
          to={SETTINGS_API_PATH}
          className="font-medium text-foreground underline underline-offset-4 hover:no-underline"
        >
          {t('keys.settingsLink')}
        </Link>
      </span>
    </p>
  );
}
