import { useEffect, useLayoutEffect, useRef } from 'react';

export interface LearnKeyActions {
  previous: () => void;
  next: () => void;
  togglePlayAll: () => void;
}

export const NOT_FOR_PLAYER =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="alertdialog"]';
/** Space and Enter press a focused control; the card itself (marked so) leaves them to the player. */
const PRESSABLE = 'button, a[href], [role="button"], summary';
const CARD = '[data-learn-card]';

interface KeyTarget {
  closest?: (selectors: string) => unknown;
}

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
  const target = event.target as KeyTarget | null;
  // The window and the document have no closest(): a key pressed with nothing focused is the player's.
  if (typeof target?.closest !== 'function') return true;
  if (target.closest(NOT_FOR_PLAYER) !== null) return false;
  const isPress = event.key === ' ' || event.key === 'Enter';
  return !isPress || target.closest(PRESSABLE) === null || target.closest(CARD) !== null;
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
