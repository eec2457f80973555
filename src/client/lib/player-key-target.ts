/**
 * Where a key belongs in a full-screen player (Learn, the audiobook): not to the player while the learner
 * types in a field or works in an open menu or dialog; Space and Enter on a focused button or link press that
 * control, except on the player's own card (marked by `cardSelector`), whose keys are the player's.
 */

export const NOT_FOR_PLAYER =
  'input, textarea, select, [contenteditable="true"], [role="menu"], [role="dialog"], [role="alertdialog"]';
const PRESSABLE = 'button, a[href], [role="button"], summary';

export interface KeyTarget {
  closest?: (selectors: string) => unknown;
}

export function isPlayerKeyTarget(
  target: EventTarget | KeyTarget | null,
  key: string,
  cardSelector: string,
): boolean {
  const element = target as KeyTarget | null;
  // The window and the document have no closest(): a key pressed with nothing focused is the player's.
  if (typeof element?.closest !== 'function') return true;
  if (element.closest(NOT_FOR_PLAYER) !== null) return false;
  const isPress = key === ' ' || key === 'Enter';
  return !isPress || element.closest(PRESSABLE) === null || element.closest(cardSelector) !== null;
}
