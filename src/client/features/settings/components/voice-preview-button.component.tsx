import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Volume2 } from 'lucide-react';
import { settingsDefaults } from '../../../../shared/api/settings';
import { playClip, type PlayingClip } from '../../../lib/audio/play-clip';
import { Button } from '../../../ui/button.component';
import { toast } from '../../../ui/toast-store';
import { Tooltip, TooltipContent, TooltipTrigger } from '../../../ui/tooltip.component';
import { useGenerateAudio } from '../../../lib/api/generate-audio.api';
import { useSettings } from '../../../lib/api/settings.api';

interface VoicePreviewButtonProps {
  voiceId: string | null;
  voiceName: string;
  language: 'es' | 'ru';
  isDisabled?: boolean | undefined;
}

/** Speaks a short sample in the chosen voice, at the learner's speed, intonation and voice style. */
export function VoicePreviewButton({ voiceId, voiceName, language, isDisabled }: VoicePreviewButtonProps) {
  const { t } = useTranslation();
  const settings = useSettings().data;
  const generate = useGenerateAudio();
  const playing = useRef<PlayingClip | null>(null);

  const stop = () => {
    playing.current?.stop();
    playing.current = null;
  };
  // Leaving the tab must not leave a sample playing behind it.
  useEffect(() => stop, []);

  const label = t('settingsProviders.audio.preview', { voice: voiceName });

  const play = async () => {
    if (!voiceId) return;
    stop();
    try {
      const answer = await generate.mutateAsync({
        text: t(
          language === 'es'
            ? 'settingsProviders.audio.previewSpanishText'
            : 'settingsProviders.audio.previewRussianText',
        ),
        voiceId,
        language: language === 'es' ? 'es-MX' : 'ru-RU',
        speed: settings?.speechSpeed ?? 1,
        intonationStyle: settings?.intonationStyle ?? null,
        voiceStyle: settings?.defaultVoiceStyle ?? null,
      });
      // docs/product/learn.md#volume: samples sound at the learner's volume, retried like every clip.
      playing.current = await playClip(answer.audio, {
        volume: settings?.volume ?? settingsDefaults.volume,
      });
      // docs/product/providers.md#built-in-voices: a voice whose provider has no key is spoken by a built-in
      // voice; say so.
      if (answer.voiceId !== voiceId) toast({ description: t('settingsProviders.audio.previewSubstituted') });
    } catch {
      stop();
      toast({
        title: t('settingsProviders.common.errorTitle'),
        description: t('settingsProviders.audio.previewFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="outline"
          size="icon"
          aria-label={label}
          disabled={!voiceId || isDisabled === true || generate.isPending}
          onClick={() => void play()}
        >
          {generate.isPending ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : (
            <Volume2 aria-hidden />
          )}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
