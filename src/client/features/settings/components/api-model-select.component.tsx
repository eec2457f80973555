import { useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { FALLBACK_MODELS } from '../../../../shared/api/providers';
import type { Settings } from '../../../../shared/api/settings';
import { Button } from '../../../ui/button.component';
import { Field } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { toast } from '../../../ui/toast-store';
import { useModels } from '../api/models.api';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';

/**
 * The language model to use (settings.openaiModel). The list loads from the learner's endpoint once a key
 * is saved; an empty or failed list falls back to the spec's two models (docs/product/settings.md#api-tab).
 */
export function ApiModelSelect({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const hintId = useId();
  const models = useModels(settings);
  const update = useUpdateSettings();

  const toastedErrorAt = useRef(0);
  useEffect(() => {
    if (!models.error || models.errorUpdatedAt === toastedErrorAt.current) return;
    toastedErrorAt.current = models.errorUpdatedAt;
    toast({
      title: t('settingsProviders.common.errorTitle'),
      description: t('settingsProviders.models.loadFailed'),
      variant: 'destructive',
    });
  }, [models.error, models.errorUpdatedAt, t]);

  const loaded = models.isError || models.data?.length === 0 ? [...FALLBACK_MODELS] : (models.data ?? []);
  // The saved model stays choosable even when the endpoint no longer lists it.
  const options = [...new Set([settings.openaiModel, ...loaded])];
  const hint = !settings.hasOpenaiApiKey
    ? t('settingsProviders.models.noKey')
    : models.isFetching
      ? t('settingsProviders.models.loading')
      : models.isError
        ? t('settingsProviders.models.loadFailed')
        : null;

  return (
    <Field label={t('settingsProviders.models.label')}>
      {(control) => (
        <>
          <div className="flex items-center gap-2">
            <Select
              value={settings.openaiModel}
              onValueChange={(openaiModel) => update.mutate({ openaiModel })}
              disabled={!settings.hasOpenaiApiKey}
            >
              <SelectTrigger
                {...control}
                className="min-w-0 flex-1"
                aria-describedby={hint ? hintId : undefined}
              >
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {options.map((model) => (
                  <SelectItem key={model} value={model}>
                    {model}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <Button
              variant="outline"
              size="icon"
              aria-label={t('settingsProviders.models.refresh')}
              title={t('settingsProviders.models.refresh')}
              disabled={!settings.hasOpenaiApiKey || models.isFetching}
              onClick={() => void models.refetch()}
            >
              {models.isFetching ? (
                <LoaderCircle className="animate-spin" aria-hidden />
              ) : (
                <RefreshCw aria-hidden />
              )}
            </Button>
          </div>
          {hint ? (
            <p id={hintId} role="status" className="text-sm text-muted-foreground">
              {hint}
            </p>
          ) : null}
        </>
      )}
    </Field>
  );
}
