import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, RefreshCw, TriangleAlert } from 'lucide-react';
import type { Settings } from '../../../../shared/api/settings';
import { Button } from '../../../ui/button.component';
import { useLeonardoTokenInfo } from '../api/leonardo-token-info.api';
import { formatCount } from '../../../lib/number-format';

/** docs/product/settings.md#api-tab: below this many API tokens the learner is warned. */
export const LOW_LEONARDO_TOKENS = 5;

/** The saved Leonardo key's balance: API tokens, subscription tokens and the account name. */
export function ApiLeonardoTokens({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const titleId = useId();
  const info = useLeonardoTokenInfo(settings);
  if (!settings.hasLeonardoApiKey) return null;

  const formatTokens = (value: number | null | undefined) =>
    value === null || value === undefined ? t('settingsProviders.leonardo.unknown') : formatCount(value);
  const data = info.data;
  const isLow = data?.valid === true && data.apiTokens !== null && data.apiTokens < LOW_LEONARDO_TOKENS;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3 rounded-md border p-4">
      <div className="flex items-center justify-between gap-2">
        <h3 id={titleId} className="font-semibold">
          {t('settingsProviders.leonardo.tokensTitle')}
        </h3>
        <Button
          variant="ghost"
          size="icon"
          aria-label={t('settingsProviders.leonardo.refresh')}
          title={t('settingsProviders.leonardo.refresh')}
          disabled={info.isFetching}
          onClick={() => void info.refetch()}
        >
          {info.isFetching ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <RefreshCw aria-hidden />
          )}
        </Button>
      </div>
      {info.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('settingsProviders.leonardo.loading')}
        </p>
      ) : info.isError ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {t('settingsProviders.leonardo.loadFailed')}
        </p>
      ) : !info.data.valid ? (
        <p role="alert" className="text-sm text-destructive dark:text-red-400">
          {t('settingsProviders.leonardo.invalid')}
        </p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">{t('settingsProviders.leonardo.apiTokens')}</dt>
          <dd className="font-medium">{formatTokens(info.data.apiTokens)}</dd>
          <dt className="text-muted-foreground">{t('settingsProviders.leonardo.subscriptionTokens')}</dt>
          <dd className="font-medium">{formatTokens(info.data.subscriptionTokens)}</dd>
          <dt className="text-muted-foreground">{t('settingsProviders.leonardo.username')}</dt>
          <dd className="font-medium">{info.data.username ?? t('settingsProviders.leonardo.unknown')}</dd>
        </dl>
      )}
      {isLow ? (
        <p role="alert" className="flex items-start gap-2 text-sm text-amber-800 dark:text-amber-300">
          <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('settingsProviders.leonardo.lowTokens')}
        </p>
      ) : null}
    </section>
  );
}
