import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { validateKeyRequestSchema } from '../../../../shared/api/providers';
import type { ProviderKeyField, Settings } from '../../../../shared/api/settings';
import { queryKeys } from '../../../lib/query-keys';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { Input } from '../../../ui/input.component';
import { Field } from '../../../ui/field.component';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';
import { useValidateElevenlabsKey } from '../api/validate-elevenlabs-key.api';
import { useValidateLeonardoKey } from '../api/validate-leonardo-key.api';
import { useValidateOpenaiKey } from '../api/validate-openai-key.api';
import { ApiKeyField } from './api-key-field.component';
import { ApiLeonardoTokens } from './api-leonardo-tokens.component';
import { ApiModelSelect } from './api-model-select.component';

/** Removing a key is a partial settings update with the key field null (settingsUpdateSchema). */
function useRemoveKey(field: ProviderKeyField, onRemoved?: () => Promise<unknown>) {
  const update = useUpdateSettings();
  return {
    remove: () => update.mutate({ [field]: null }, { onSuccess: () => void onRemoved?.() }),
    isRemoving: update.isPending,
  };
}

/** The learner's base URL as the key check sends it: blank means OpenAI itself (null). */
function parseBaseUrl(draft: string): { isValid: boolean; baseUrl: string | null } {
  const trimmed = draft.trim();
  if (trimmed === '') return { isValid: true, baseUrl: null };
  const parsed = validateKeyRequestSchema.shape.baseUrl.safeParse(trimmed);
  return parsed.success ? { isValid: true, baseUrl: parsed.data ?? null } : { isValid: false, baseUrl: null };
}

/**
 * Language model: key, optional OpenAI-compatible endpoint
 * (docs/product/providers.md#openai-compatible-endpoint) and the model to use.
 */
export function ApiOpenaiCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const validate = useValidateOpenaiKey();
  const { remove, isRemoving } = useRemoveKey('openaiApiKey');
  const [baseUrlDraft, setBaseUrlDraft] = useState(settings.openaiBaseUrl ?? '');
  const baseUrl = parseBaseUrl(baseUrlDraft);

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.keys.openaiTitle')}</CardTitle>
        <CardDescription>{t('settingsProviders.keys.openaiDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ApiKeyField
          providerName={t('errors.providers.openai')}
          label={t('settingsProviders.keys.openaiLabel')}
          hasKey={settings.hasOpenaiApiKey}
          hint={settings.openaiApiKeyHint}
          isUnreadable={settings.unreadableApiKeys.includes('openaiApiKey')}
          check={(apiKey) => validate.mutateAsync({ apiKey, baseUrl: baseUrl.baseUrl })}
          isChecking={validate.isPending}
          canApply={baseUrl.isValid}
          onRemove={remove}
          isRemoving={isRemoving}
        >
          <Field
            label={t('settingsProviders.keys.baseUrlLabel')}
            hint={
              baseUrl.isValid
                ? t('settingsProviders.keys.baseUrlHint')
                : t('settingsProviders.keys.baseUrlInvalid')
            }
            hintClassName={baseUrl.isValid ? undefined : 'text-destructive dark:text-red-400'}
          >
            {(control) => (
              <Input
                {...control}
                type="url"
                inputMode="url"
                autoComplete="off"
                spellCheck={false}
                placeholder="https://api.openai.com/v1"
                aria-invalid={baseUrl.isValid ? undefined : true}
                value={baseUrlDraft}
                onChange={(event) => setBaseUrlDraft(event.target.value)}
              />
            )}
          </Field>
        </ApiKeyField>
        <ApiModelSelect settings={settings} />
      </CardContent>
    </Card>
  );
}

/**
 * Speech: an ElevenLabs key; without one the built-in offline voices speak
 * (docs/product/providers.md#built-in-voices).
 */
export function ApiElevenlabsCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const validate = useValidateElevenlabsKey();
  // Its voices leave the list with the key.
  const { remove, isRemoving } = useRemoveKey('elevenlabsApiKey', () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.providers.voices }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.keys.elevenlabsTitle')}</CardTitle>
        <CardDescription>{t('settingsProviders.keys.elevenlabsDescription')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ApiKeyField
          providerName={t('errors.providers.elevenlabs')}
          label={t('settingsProviders.keys.elevenlabsLabel')}
          hasKey={settings.hasElevenlabsApiKey}
          hint={settings.elevenlabsApiKeyHint}
          isUnreadable={settings.unreadableApiKeys.includes('elevenlabsApiKey')}
          check={(apiKey) => validate.mutateAsync({ apiKey })}
          isChecking={validate.isPending}
          onRemove={remove}
          isRemoving={isRemoving}
        />
      </CardContent>
    </Card>
  );
}

/** Pictures: a Leonardo key and its token balance. */
export function ApiLeonardoCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const validate = useValidateLeonardoKey();
  const { remove, isRemoving } = useRemoveKey('leonardoApiKey');

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settingsProviders.keys.leonardoTitle')}</CardTitle>
        <CardDescription>{t('settingsProviders.keys.leonardoDescription')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <ApiKeyField
          providerName={t('errors.providers.leonardo')}
          label={t('settingsProviders.keys.leonardoLabel')}
          hasKey={settings.hasLeonardoApiKey}
          hint={settings.leonardoApiKeyHint}
          isUnreadable={settings.unreadableApiKeys.includes('leonardoApiKey')}
          check={(apiKey) => validate.mutateAsync({ apiKey })}
          isChecking={validate.isPending}
          onRemove={remove}
          isRemoving={isRemoving}
        />
        <ApiLeonardoTokens settings={settings} />
      </CardContent>
    </Card>
  );
}
