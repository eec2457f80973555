import { useDeferredValue } from 'react';

/**
 * `isReady`, but when it turns true after the first render (an answer arrived), one render late and as a
 * transition: the loading state stays on screen for that urgent render, and the screen that replaces it is
 * rendered in slices, so a phone's main thread is never held for a whole screen at once
 * (docs/product/overview.md#serving-the-client). Ready at the first render, it is true at once.
 */
export function useRevealInSlices(isReady: boolean): boolean {
  return useDeferredValue(isReady);
}
