import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronLeft, ChevronRight, Play, Square } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { releasingFocus } from '../../../lib/releasing-focus';
import { Button } from '../../../ui/button.component';

interface PlayerBottomBarProps {
  alignment: 'center' | 'right';
  menu: ReactNode;
  seriesPicker: ReactNode;
  canGoPrevious: boolean;
  canGoNext: boolean;
  isPlayingAll: boolean;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlayAll: () => void;
}

/** Menu, series picker, previous, play/stop all and next (docs/product/audiobooks.md#player). */
export function PlayerBottomBar(props: PlayerBottomBarProps) {
  const { t } = useTranslation();
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
        aria-label={
          props.isPlayingAll ? t('audiobookPlayer.bottomBar.stopAll') : t('audiobookPlayer.bottomBar.playAll')
        }
        aria-pressed={props.isPlayingAll}
        onClick={releasingFocus(props.onTogglePlayAll)}
      >
        {props.isPlayingAll ? <Square aria-hidden /> : <Play aria-hidden />}
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
