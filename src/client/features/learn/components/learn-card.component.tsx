import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { TextSegment } from '../../../lib/word-highlight';
import type { PlayerWord } from '../../../lib/audio/learn-player.types';
import { usePictureOptions } from '../../../lib/hooks/picture-source.hook';
import { mediaSource } from '../../../lib/media-source';
import { pictureSource } from '../../../lib/picture-source';
import { useWordImage } from '../api/word-image.api';
import { cardFontSizes, type CardDisplayOptions, cardLines } from '../lib/card-text';
import { PictureBackdrop } from '../../../ui/picture-backdrop.component';

interface LearnCardProps {
  word: PlayerWord;
  display: CardDisplayOptions;
  /** Percent (settings overlayOpacity): how dark the gradient under the text is. */
  overlayOpacity: number;
  fontScale: number;
  isPlaying: boolean;
  onToggleCard: () => void;
  /** The picture has loaded or failed, or the card has none to wait for. */
  onPictureSettled: () => void;
}

/**
 * A word's picture, fetched through `GET /api/words/:id/image` when the list carries none
 * (docs/product/learn.md#card "Background image per word"), at the screen's width
 * (docs/product/media.md#picture-variants); a failed picture shows the plain background.
 */
function useCardPicture(word: Pick<PlayerWord, 'id' | 'imageUrl'>): {
  picture: string | null;
  isFetching: boolean;
} {
  const options = usePictureOptions();
  const listed = mediaSource(word.imageUrl, 'image');
  const fetched = useWordImage(word.id, listed === null);
  return {
    picture: pictureSource(listed ?? fetched.data?.imageUrl, 'fullscreen', options),
    isFetching: listed === null && fetched.isFetching,
  };
}

function Segments({ segments }: { segments: readonly TextSegment[] }) {
  return segments.map((segment, index) =>
    segment.isMatch ? (
      // Segments of one text never reorder, so their position is a stable key.
      <strong key={index} className="font-bold text-accent-text">
        {segment.text}
      </strong>
    ) : (
      <span key={index}>{segment.text}</span>
    ),
  );
}

/** The full-screen card: picture, gradient, the Spanish line and the Russian one 10 points smaller. */
export function LearnCard({
  word,
  display,
  overlayOpacity,
  fontScale,
  isPlaying,
  onToggleCard,
  onPictureSettled,
}: LearnCardProps) {
  const { t } = useTranslation();
  const { picture, isFetching } = useCardPicture(word);
  const hasNoPicture = picture === null && !isFetching;
  useEffect(() => {
    if (hasNoPicture) onPictureSettled();
  }, [hasNoPicture, onPictureSettled]);
  const lines = cardLines(word, display);
  const { spanishPx, russianPx } = cardFontSizes(fontScale);

  return (
    <div className="absolute inset-0 overflow-hidden bg-gradient-to-b from-primary/70 to-slate-950">
      <PictureBackdrop
        picture={picture}
        overlayOpacity={overlayOpacity}
        testId="learn-card-picture"
        onSettled={onPictureSettled}
      />
      <button
        type="button"
        onClick={onToggleCard}
        data-learn-card
        aria-label={isPlaying ? t('learn.card.stop') : t('learn.card.play')}
        aria-pressed={isPlaying}
        className="absolute inset-0 flex cursor-pointer flex-col items-center justify-center gap-4 px-6 pt-24 pb-36 text-center text-white outline-none focus-visible:ring-4 focus-visible:ring-white/60 focus-visible:ring-inset"
      >
        {lines.spanish ? (
          <span
            lang="es"
            className="max-w-4xl leading-tight font-semibold [text-shadow:0_2px_8px_rgb(0_0_0/0.6)]"
            style={{ fontSize: `${spanishPx}px` }}
            data-testid="learn-card-spanish"
          >
            <Segments segments={lines.spanish} />
          </span>
        ) : null}
        {lines.russian && word.needsTranslation ? (
          <span
            className="max-w-4xl leading-snug text-white/75 italic [text-shadow:0_2px_8px_rgb(0_0_0/0.6)]"
            style={{ fontSize: `${russianPx}px` }}
            data-testid="learn-card-russian"
          >
            {t('learn.card.noTranslation')}
          </span>
        ) : lines.russian ? (
          <span
            lang="ru"
            className="max-w-4xl leading-snug text-white/90 [text-shadow:0_2px_8px_rgb(0_0_0/0.6)]"
            style={{ fontSize: `${russianPx}px` }}
            data-testid="learn-card-russian"
          >
            <Segments segments={lines.russian} />
          </span>
        ) : null}
        {lines.wordPair ? (
          <span className="text-base text-white/75 [text-shadow:0_1px_4px_rgb(0_0_0/0.6)]">
            {lines.wordPair}
          </span>
        ) : null}
      </button>
    </div>
  );
}
