import { useEffect, useLayoutEffect, useRef } from 'react';
import { isPlayerKeyTarget, type KeyTarget } from '../../../lib/player-key-target';

export interface LearnKeyActions {
  previous: () => void;
  next: () => void;
  togglePlayAll: () => void;
}

const CARD = '[data-learn-card]';

export interface PlayerKeyEvent {
  key: string;
  target: EventTarget | KeyTarget | null;
  defaultPrevented: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/**
 * Whether a key is a player command: not while typing, not inside an open menu or dialog, not one a
 * control already handled; Space and Enter on a focused button or link press that control instead.
 */
export function isKeyForPlayer(event: PlayerKeyEvent): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey || event.defaultPrevented) return false;
  return isPlayerKeyTarget(event.target, event.key, CARD);
}

/** docs/product/learn.md#keyboard: ArrowLeft, ArrowRight, and Space or Enter for play-all. */
export function useLearnKeyboard(actions: LearnKeyActions): void {
  const actionsRef = useRef(actions);
  useLayoutEffect(() => {
    actionsRef.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isKeyForPlayer(event)) return;
      const command =
        event.key === 'ArrowLeft'
          ? actionsRef.current.previous
          : event.key === 'ArrowRight'
            ? actionsRef.current.next
            : (event.key === ' ' || event.key === 'Enter') && !event.repeat
              ? actionsRef.current.togglePlayAll
              : null;
      if (!command) {
        // A held Space must not scroll or press the focused button either.
        if (event.key === ' ' || event.key === 'Enter') event.preventDefault();
        return;
      }
      // Space and Enter would also press the focused button, toggling twice.
      event.preventDefault();
      command();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
