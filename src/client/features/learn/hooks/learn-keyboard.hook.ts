import { useEffect, useLayoutEffect, useRef } from 'react';

export interface LearnKeyActions {
  previous: () => void;
  next: () => void;
  togglePlayAll: () => void;
}

export const NOT_FOR_PLAYER =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="alertdialog"]';

interface KeyTarget {
  closest?: (selectors: string) => unknown;
}

/** Typing, and keys meant for an open menu or dialog, are never taken as player commands. */
export function isKeyForPlayer(event: {
  target: EventTarget | KeyTarget | null;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}): boolean {
  if (event.altKey || event.ctrlKey || event.metaKey) return false;
  const target = event.target as KeyTarget | null;
  // The window and the document have no closest(): a key pressed with nothing focused is the player's.
  return typeof target?.closest !== 'function' || target.closest(NOT_FOR_PLAYER) === null;
}

/** Spec part 2 §2 "Keyboard": ArrowLeft, ArrowRight, and Space or Enter for play-all. */
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
