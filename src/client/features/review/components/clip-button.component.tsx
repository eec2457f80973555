import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Volume2 } from 'lucide-react';
import { settingsDefaults } from '../../../../shared/api/settings';
import { playClip, type PlayingClip } from '../../../lib/audio/play-clip';
import { fetchWordAudio } from '../../../lib/api/word-audio.api';
import { useSettings } from '../../../lib/api/settings.api';
import { Button } from '../../../ui/button.component';

/**
 * The word's Spanish clip (the first voice): the stored one, or made on demand by the server when the word
 * has none yet. Played at once when `isAutoPlay` (a browser that refuses sound before a tap leaves the
 * button to press).
 */
export function ClipButton({
  wordId,
  audioData,
  isAutoPlay,
  isLarge = false,
}: {
  wordId: number;
  audioData: string | null;
  isAutoPlay: boolean;
  isLarge?: boolean;
}) {
  const { t } = useTranslation();
  const settings = useSettings().data;
  const volume = settings?.volume ?? settingsDefaults.volume;
  const [hasFailed, setHasFailed] = useState(false);
  const clip = useRef<string | null>(audioData);
  const playing = useRef<PlayingClip | null>(null);

  /** Plays the clip; `failed` when it could not, `refused` when the browser waits for a tap first. */
  const play = async (): Promise<'played' | 'refused' | 'failed'> => {
    try {
      clip.current ??= (await fetchWordAudio(wordId)).audioData;
      if (!clip.current) return 'failed';
      playing.current = await playClip(clip.current, { volume });
      return 'played';
    } catch (error) {
      return error instanceof DOMException && error.name === 'NotAllowedError' ? 'refused' : 'failed';
    }
  };

  useEffect(() => {
    // The browser's refusal before a tap is no failure: the button is there to press.
    if (isAutoPlay) void play().then((outcome) => setHasFailed(outcome === 'failed'));
    return () => playing.current?.stop();
    // Once per card: the component is keyed by the card.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div className="flex flex-col items-center gap-1">
      <Button
        type="button"
        variant="outline"
        size={isLarge ? 'lg' : 'default'}
        className={isLarge ? 'h-20 w-20 rounded-full' : undefined}
        aria-label={t('review.playClip')}
        onClick={() => {
          setHasFailed(false);
          void play().then((outcome) => setHasFailed(outcome !== 'played'));
        }}
      >
        <Volume2 aria-hidden className={isLarge ? 'size-8' : 'size-5'} />
        {isLarge ? null : <span>{t('review.playClip')}</span>}
      </Button>
      {hasFailed ? (
        <p role="status" className="text-sm text-destructive">
          {t('review.clipFailed')}
        </p>
      ) : null}
    </div>
  );
}
