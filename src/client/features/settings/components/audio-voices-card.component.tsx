import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, RefreshCw } from 'lucide-react';
import { ZodError } from 'zod';
import type { Settings } from '../../../../shared/api/settings';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { toast } from '../../../ui/toast-store';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';
import { useVoices } from '../api/voices.api';
import {
  cardVoicesOf,
  isVoiceStyleHeard,
  russianVoiceFromSelect,
  russianVoiceOptions,
  spanishVoiceOptions,
  spanishVoiceSlots,
  withSpanishVoice,
} from '../lib/voice-filters';
import { VoiceSelect } from './voice-select.component';
import { VoiceStyleSelect } from './voice-style-select.component';

/**
 * The spec's two voice-load failures: an answer that is not a voice array (our schema rejects it) versus
 * no answer at all or an error status.
 */
function voicesErrorKey(error: Error) {
  return error instanceof ZodError
    ? 'settingsProviders.audio.voicesLoadFailed'
    : 'settingsProviders.audio.voicesConnectFailed';
}

/** The three voice slots (first Spanish, second Spanish, Russian), the voice style and the refresh button. */
export function AudioVoicesCard({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const voices = useVoices();
  const update = useUpdateSettings();
  const spanishOptions = useMemo(() => spanishVoiceOptions(voices.data ?? []), [voices.data]);
  const russianOptions = useMemo(() => russianVoiceOptions(voices.data ?? []), [voices.data]);
  const [mainVoice, secondVoice] = spanishVoiceSlots(settings.spanishVoices);
  // What Learn plays for the slots left to the automatic choice; unknown until the list has loaded.
  const automatic = voices.data ? cardVoicesOf(voices.data, settings) : null;
  const automaticOf = (voiceId: string | undefined) => (voiceId ? voiceId : null);

  // One toast per failed load, not one per render.
  const toastedErrorAt = useRef(0);
  useEffect(() => {
    if (!voices.error || voices.errorUpdatedAt === toastedErrorAt.current) return;
    toastedErrorAt.current = voices.errorUpdatedAt;
    toast({
      title: t('settingsProviders.common.errorTitle'),
      description: t(voicesErrorKey(voices.error)),
      variant: 'destructive',
    });
  }, [voices.error, voices.errorUpdatedAt, t]);

  const refresh = async () => {
    const result = await voices.refetch();
    // A failure is already announced by the effect above.
    if (result.isSuccess)
      toast({
        title: t('settingsProviders.audio.voicesRefreshed'),
        description: t('settingsProviders.audio.voicesCount', { count: result.data.length }),
      });
  };

  const setSpanish = (slot: 0 | 1) => (value: string) =>
    update.mutate({
      spanishVoices: withSpanishVoice(
        settings.spanishVoices,
        slot,
        value,
        automaticOf(automatic?.firstSpanish),
      ),
    });

  return (
    <Card>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-4">
        <div className="flex flex-col gap-1.5">
          <CardTitle>{t('settingsProviders.audio.voicesTitle')}</CardTitle>
          <CardDescription>{t('settingsProviders.audio.voicesDescription')}</CardDescription>
        </div>
        <Button variant="outline" onClick={() => void refresh()} disabled={voices.isFetching}>
          {voices.isFetching ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <RefreshCw aria-hidden />
          )}
          {t('settingsProviders.audio.refreshVoices')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {voices.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {t('settingsProviders.audio.voicesLoading')}
          </p>
        ) : voices.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {t(voicesErrorKey(voices.error))}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">{t('settingsProviders.audio.recommendedHint')}</p>
        )}
        <VoiceSelect
          label={t('settingsProviders.audio.spanishMain')}
          options={spanishOptions}
          value={mainVoice}
          automaticValue={automaticOf(automatic?.firstSpanish)}
          onChange={setSpanish(0)}
          language="es"
          isListLoaded={voices.isSuccess}
        />
        <VoiceSelect
          label={t('settingsProviders.audio.spanishSecond')}
          options={spanishOptions}
          value={secondVoice}
          automaticValue={automaticOf(automatic?.secondSpanish)}
          onChange={setSpanish(1)}
          language="es"
          isListLoaded={voices.isSuccess}
        />
        <VoiceSelect
          label={t('settingsProviders.audio.russian')}
          options={russianOptions}
          value={settings.russianVoice}
          automaticValue={automaticOf(automatic?.russian)}
          onChange={(value) => update.mutate({ russianVoice: russianVoiceFromSelect(value) })}
          language="ru"
          isListLoaded={voices.isSuccess}
        />
        <VoiceStyleSelect
          value={settings.defaultVoiceStyle}
          // Unknown until the list has loaded: offered meanwhile rather than flicker to disabled.
          isHeard={voices.data ? isVoiceStyleHeard(voices.data, settings) : true}
          onChange={(defaultVoiceStyle) => update.mutate({ defaultVoiceStyle })}
        />
      </CardContent>
    </Card>
  );
}
