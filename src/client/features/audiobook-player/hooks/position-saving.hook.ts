import { useEffect, useLayoutEffect, useRef } from 'react';
import { savePosition, sendPositionOnLeave } from '../api/position.api';

const log = (error: unknown) => console.warn('[audiobook] the position could not be saved', error);

/**
 * docs/product/audiobooks.md#playback: the position is saved at every change, as the page hides or unloads
 * (a `keepalive` request that outlives the page), and when the learner leaves the screen.
 */
export function usePositionSaving(bookId: number, index: number): void {
  const latest = useRef(index);
  const saved = useRef(index);
  useLayoutEffect(() => {
    latest.current = index;
  });

  useEffect(() => {
    if (index === saved.current) return;
    saved.current = index;
    savePosition(bookId, index).catch(log);
  }, [bookId, index]);

  useEffect(() => {
    const onLeave = () => sendPositionOnLeave(bookId, latest.current);
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') onLeave();
    };
    window.addEventListener('pagehide', onLeave);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', onLeave);
      document.removeEventListener('visibilitychange', onVisibility);
      savePosition(bookId, latest.current).catch(log);
    };
  }, [bookId]);
}
