import { useTranslation } from 'react-i18next';
import type { Sentence } from '../../../../shared/api/audiobooks';
import { fontSizes } from '../lib/player-view';
import { PictureBackdrop } from '../../../ui/picture-backdrop.component';

interface SentenceCardProps {
  sentence: Sentence;
  /** The background: this sentence's picture or the nearest earlier one, sized for the screen. */
  picture: string | null;
  overlayOpacity: number;
  fontScale: number;
  isTranslationShown: boolean;
  isPlaying: boolean;
  onToggle: () => void;
}

/**
 * The full-screen picture under a gradient, and the sentence: Spanish at 2 rem × the font scale, its
 * translation 10 points smaller (docs/product/audiobooks.md#player). Tapping it plays or stops the sentence.
 */
export function SentenceCard(props: SentenceCardProps) {
  const { t } = useTranslation();
  const sizes = fontSizes(props.fontScale);
  return (
    <div className="absolute inset-0 overflow-hidden bg-gradient-to-b from-primary/70 to-slate-950">
      <PictureBackdrop
        picture={props.picture}
        overlayOpacity={props.overlayOpacity}
        testId="player-background"
      />
      <button
        type="button"
        onClick={props.onToggle}
        data-player-card
        aria-label={props.isPlaying ? t('audiobookPlayer.card.stop') : t('audiobookPlayer.card.play')}
        aria-pressed={props.isPlaying}
        className="absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-4 px-6 pt-32 pb-36 text-center text-white outline-none focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:ring-inset"
      >
        <span
          lang="es"
          className="max-w-4xl leading-tight font-semibold [text-shadow:0_2px_8px_rgb(0_0_0/0.6)]"
          style={{ fontSize: sizes.sentence }}
          data-testid="player-spanish"
        >
          {props.sentence.spanish}
        </span>
        {props.isTranslationShown ? (
          <span
            lang="ru"
            className="max-w-4xl leading-snug text-white/90 [text-shadow:0_2px_8px_rgb(0_0_0/0.6)]"
            style={{ fontSize: sizes.translation }}
            data-testid="player-russian"
          >
            {props.sentence.russian}
          </span>
        ) : null}
      </button>
    </div>
  );
}
