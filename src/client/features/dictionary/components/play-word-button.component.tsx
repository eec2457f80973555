import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Volume2 } from 'lucide-react';
import { settingsDefaults } from '../../../../shared/api/settings';
import { playClip } from '../../../lib/audio/play-clip';
import { useSettings } from '../../../lib/api/settings.api';
import { Button, type ButtonProps } from '../../../ui/button.component';
import { toast } from '../../../ui/toast-store';

/** docs/product/dictionary.md#word-row: the play button is disabled for 3 seconds after a press. */
export const PLAY_COOLDOWN_MS = 3000;

export function PlayWordButton({
  spanish,
  audioData,
  label,
  size = 'icon',
  variant = 'ghost',
}: {
  spanish: string;
  audioData: string | null;
  /** Visible text; an icon-only button when absent. */
  label?: string;
  size?: ButtonProps['size'];
  variant?: ButtonProps['variant'];
}) {
  const { t } = useTranslation();
  // docs/product/learn.md#volume: the dictionary's clips sound at the learner's volume too.
  const volume = useSettings().data?.volume ?? settingsDefaults.volume;
  const [isCoolingDown, setIsCoolingDown] = useState(false);

  useEffect(() => {
    if (!isCoolingDown) return;
    const timer = setTimeout(() => setIsCoolingDown(false), PLAY_COOLDOWN_MS);
    return () => clearTimeout(timer);
  }, [isCoolingDown]);

  const hasAudio = Boolean(audioData?.trim());
  const name = hasAudio
    ? t('dictionary.row.play', { word: spanish })
    : t('dictionary.row.noAudio', { word: spanish });

  const play = async () => {
    if (!audioData) return;
    setIsCoolingDown(true);
    try {
      await playClip(audioData, { volume });
    } catch {
      toast({
        title: t('dictionary.toasts.errorTitle'),
        description: t('dictionary.toasts.playFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      aria-label={label ? undefined : name}
      title={name}
      disabled={!hasAudio || isCoolingDown}
      data-cooldown={isCoolingDown ? 'true' : undefined}
      onClick={() => void play()}
    >
      <Volume2 aria-hidden />
      {label}
    </Button>
  );
}
