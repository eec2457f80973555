import { useTranslation } from 'react-i18next';
import { CircleX } from 'lucide-react';

/** The red notice with the fix steps that follows a rejected key (docs/product/settings.md#key-check). */
export function KeyInvalidNotice({ providerName }: { providerName: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex gap-3 rounded-md border border-destructive bg-destructive/10 p-4 text-sm text-foreground"
    >
      <CircleX className="mt-0.5 size-5 shrink-0 text-destructive dark:text-red-400" aria-hidden />
      <div className="flex flex-col gap-2">
        <p className="font-semibold">{t('settingsProviders.keys.fixTitle', { provider: providerName })}</p>
        <ol className="list-decimal space-y-1 pl-5">
          <li>{t('settingsProviders.keys.fixEnter')}</li>
          <li>{t('settingsProviders.keys.fixApply')}</li>
          <li>{t('settingsProviders.keys.fixWait')}</li>
          <li>{t('settingsProviders.keys.fixVoices')}</li>
        </ol>
      </div>
    </div>
  );
}
