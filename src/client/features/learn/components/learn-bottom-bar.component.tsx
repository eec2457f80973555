import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BookmarkMinus, ChevronLeft, ChevronRight, Play, Square } from 'lucide-react';
import { cn } from '../../../lib/cn';
import { releasingFocus } from '../../../lib/releasing-focus';
import { Button } from '../../../ui/button.component';

interface LearnBottomBarProps {
  alignment: 'center' | 'right';
  menu: ReactNode;
  canGoPrevious: boolean;
  canGoNext: boolean;
  isPlayingAll: boolean;
  isHiding: boolean;
  onHide: () => void;
  onPrevious: () => void;
  onNext: () => void;
  onTogglePlayAll: () => void;
}

/** One of the bar's round secondary buttons: an icon with its name for screen readers. */
function RoundButton({
  label,
  isDisabled,
  onPress,
  children,
}: {
  label: string;
  isDisabled: boolean;
  onPress: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant="secondary"
      size="icon"
      className="size-12 rounded-full"
      aria-label={label}
      disabled={isDisabled}
      onClick={releasingFocus(onPress)}
    >
      {children}
    </Button>
  );
}

/** Menu, take out of study, previous, next and the large play-all/stop button (docs/product/learn.md#card). */
export function LearnBottomBar(props: LearnBottomBarProps) {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('learn.bottomBar.label')}
      className={cn(
        'absolute inset-x-0 bottom-0 z-10 flex items-center gap-3 bg-gradient-to-t from-black/70 to-transparent px-4 pt-8 pb-[max(1rem,env(safe-area-inset-bottom))]',
        props.alignment === 'right' ? 'justify-end' : 'justify-center',
      )}
    >
      {props.menu}
      {/*
        Says what it does: an eye here was taken for "hide the translation" (docs/product/learn.md#taking-a-word-out-of-study).
        The label shows from 640 px; a phone's bar has room for the icon, which keeps the name as its tooltip.
      */}
      <Button
        variant="secondary"
        className="h-12 rounded-full px-3.5 sm:px-4"
        title={t('learn.bottomBar.hide')}
        disabled={props.isHiding}
        onClick={releasingFocus(props.onHide)}
      >
        <BookmarkMinus aria-hidden />
        <span className="sr-only sm:not-sr-only">{t('learn.bottomBar.hide')}</span>
      </Button>
      <RoundButton
        label={t('learn.bottomBar.previous')}
        isDisabled={!props.canGoPrevious}
        onPress={props.onPrevious}
      >
        <ChevronLeft aria-hidden />
      </RoundButton>
      <RoundButton label={t('learn.bottomBar.next')} isDisabled={!props.canGoNext} onPress={props.onNext}>
        <ChevronRight aria-hidden />
      </RoundButton>
      <Button
        size="icon"
        className="size-16 rounded-full shadow-lg [&_svg]:size-7"
        aria-label={props.isPlayingAll ? t('learn.bottomBar.stopAll') : t('learn.bottomBar.playAll')}
        aria-pressed={props.isPlayingAll}
        onClick={releasingFocus(props.onTogglePlayAll)}
      >
        {props.isPlayingAll ? <Square aria-hidden /> : <Play aria-hidden />}
      </Button>
    </nav>
  );
}
