import type { MouseEvent } from 'react';

/**
 * For the full-screen players' buttons: one pressed with the mouse or a finger gives the focus back, so the
 * next Space or Enter goes to the player rather than pressing that button again.
 */
export const releasingFocus = (action: () => void) => (event: MouseEvent<HTMLButtonElement>) => {
  if (event.detail > 0) event.currentTarget.blur();
  action();
};
