import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { X } from 'lucide-react';
import { Button } from './button.component';
import { SoundPrompt } from './sound-prompt.component';

interface FullScreenPlayerLayoutProps {
  /** The screen's heading, for screen readers only: the card is what the eye reads. */
  title: string;
  /** The card filling the screen (picture, texts, tap to play). */
  card: ReactNode;
  /** Where the close button in the top-left corner leads, and its accessible name. */
  closeTo: string;
  closeLabel: string;
  /** The close button's layer: above the screen's top bar where that bar spans the corner. */
  closeLayer?: 'z-20' | 'z-30';
  /** The bars over the card (top, bottom, transcript), in reading order. */
  children: ReactNode;
  /** The browser refused sound until a touch (docs/product/learn.md#sound-blocked): the prompt is shown. */
  isSoundBlocked: boolean;
  onResumeSound: () => void;
  /** Dialogs the screen opens, after everything else. */
  dialogs?: ReactNode;
}

/**
 * The shell of the two full-screen players, Learn (docs/product/learn.md#card) and the audiobook
 * (docs/product/audiobooks.md#player): black, fixed over the whole viewport, the card under the close button
 * and the bars, and the sound prompt on top when the browser asks for a touch.
 */
export function FullScreenPlayerLayout({
  title,
  card,
  closeTo,
  closeLabel,
  closeLayer = 'z-20',
  children,
  isSoundBlocked,
  onResumeSound,
  dialogs,
}: FullScreenPlayerLayoutProps) {
  return (
    <div className="fixed inset-0 overflow-hidden bg-black text-white select-none">
      <h1 className="sr-only">{title}</h1>
      {card}
      <Button
        asChild
        variant="ghost"
        size="icon"
        className={`absolute top-3 left-3 ${closeLayer} rounded-full text-white hover:bg-white/20 hover:text-white`}
      >
        <Link to={closeTo} aria-label={closeLabel}>
          <X aria-hidden />
        </Link>
      </Button>
      {children}
      {isSoundBlocked ? <SoundPrompt onResume={onResumeSound} /> : null}
      {dialogs}
    </div>
  );
}
