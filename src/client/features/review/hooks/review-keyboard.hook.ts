import { useEffect, useLayoutEffect, useRef } from 'react';
import { REVIEW_GRADES, type ReviewGrade } from '../../../../shared/catalogs/review';
import { type KeyTarget, NOT_FOR_PLAYER } from '../../../lib/player-key-target';

const PRESSABLE = 'button, a[href], [role="button"], summary';

/**
 * What a key does on the review screen (docs/product/review.md#keys): Space reveals the answer, 1–4 grade it
 * once revealed. Keys typed into the answer field are not the screen's, and Space on a focused control
 * presses that control (the reveal button reveals, the clip button plays).
 */
export function reviewKeyAction(
  key: string,
  target: EventTarget | KeyTarget | null,
  isRevealed: boolean,
  hasModifier: boolean,
): 'reveal' | ReviewGrade | null {
  if (hasModifier) return null;
  const element = target as KeyTarget | null;
  if (typeof element?.closest === 'function') {
    if (element.closest(NOT_FOR_PLAYER) !== null) return null;
    if (key === ' ' && element.closest(PRESSABLE) !== null) return null;
  }
  if (key === ' ' && !isRevealed) return 'reveal';
  const grade = REVIEW_GRADES[Number(key) - 1];
  return isRevealed && /^[1-4]$/.test(key) && grade ? grade : null;
}

export function useReviewKeyboard(
  isRevealed: boolean,
  onReveal: () => void,
  onGrade: (grade: ReviewGrade) => void,
): void {
  const handlers = useRef({ onReveal, onGrade });
  useLayoutEffect(() => {
    handlers.current = { onReveal, onGrade };
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const action = reviewKeyAction(
        event.key,
        event.target,
        isRevealed,
        event.ctrlKey || event.metaKey || event.altKey,
      );
      if (action === null || event.repeat) return;
      event.preventDefault();
      if (action === 'reveal') handlers.current.onReveal();
      else handlers.current.onGrade(action);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isRevealed]);
}

/**
 * Ctrl+Z (⌘Z on a Mac) takes the last grade back, as in Anki (docs/product/review.md#keys); in the answer
 * field, a menu or a dialog it stays theirs (the field's own undo of typing).
 */
export function isUndoKey(
  key: string,
  target: EventTarget | KeyTarget | null,
  modifiers: { isCommand: boolean; isAlt: boolean; isShift: boolean },
): boolean {
  if (!modifiers.isCommand || modifiers.isAlt || modifiers.isShift || key.toLowerCase() !== 'z') return false;
  const element = target as KeyTarget | null;
  return typeof element?.closest !== 'function' || element.closest(NOT_FOR_PLAYER) === null;
}

export function useUndoKey(canUndo: boolean, onUndo: () => void): void {
  const latest = useRef(onUndo);
  useLayoutEffect(() => {
    latest.current = onUndo;
  });
  useEffect(() => {
    if (!canUndo) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const modifiers = {
        isCommand: event.ctrlKey || event.metaKey,
        isAlt: event.altKey,
        isShift: event.shiftKey,
      };
      if (!isUndoKey(event.key, event.target, modifiers)) return;
      event.preventDefault();
      if (!event.repeat) latest.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [canUndo]);
}
