import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, LoaderCircle, Play, Square } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { releasingFocus } from '../../../lib/releasing-focus';
import { Button } from '../../../ui/button.component';

interface PlayerBottomBarProps {
  alignment: 'center' | 'right';
  menu: ReactNode;
  seriesPicker: ReactNode;
  canGoPrevious: boolean;
  canGoNext: boolean;
  /** Anything plays (play-all or one sentence): a press stops it. */
  isPlaying: boolean;
  /** A playback is starting, nothing heard yet: a press is ignored, and the button says why. */
  isStarting: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlayAll: () => void;
}

/**
 * Menu, series picker, previous, play/stop all and next (docs/product/audiobooks.md#player). Play/stop all
 * stops whatever plays, and waits out a start (docs/product/audiobooks.md#playback).
 */
export function PlayerBottomBar(props: PlayerBottomBarProps) {
  const { t } = useTranslation();
  const playLabel = props.isStarting
    ? t('audiobookPlayer.bottomBar.starting')
    : props.isPlaying
      ? t('audiobookPlayer.bottomBar.stopAll')
      : t('audiobookPlayer.bottomBar.playAll');
  return (
    <nav
      aria-label={t('audiobookPlayer.bottomBar.label')}
      className={cn(
        'absolute inset-x-0 bottom-0 z-20 flex items-center gap-3 bg-gradient-to-t from-black/70 to-transparent px-4 pt-8 pb-[max(1rem,env(safe-area-inset-bottom))]',
        props.alignment === 'right' ? 'justify-end' : 'justify-center',
      )}
    >
      {props.menu}
      {props.seriesPicker}
      <Button
        variant="secondary"
        size="icon"
        className="size-12 rounded-full"
        aria-label={t('audiobookPlayer.bottomBar.previous')}
        disabled={!props.canGoPrevious}
        onClick={releasingFocus(props.onPrevious)}
      >
        <ChevronLeft aria-hidden />
      </Button>
      <Button
        size="icon"
        className="size-16 rounded-full shadow-lg [&_svg]:size-7"
        aria-label={playLabel}
        aria-pressed={props.isPlaying}
        aria-busy={props.isStarting}
        onClick={releasingFocus(props.onTogglePlayAll)}
      >
        {props.isStarting ? (
          <LoaderCircle className="animate-spin" aria-hidden />
        ) : props.isPlaying ? (
          <Square aria-hidden />
        ) : (
          <Play aria-hidden />
        )}
      </Button>
      <Button
        variant="secondary"
        size="icon"
        className="size-12 rounded-full"
        aria-label={t('audiobookPlayer.bottomBar.next')}
        disabled={!props.canGoNext}
        onClick={releasingFocus(props.onNext)}
      >
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
