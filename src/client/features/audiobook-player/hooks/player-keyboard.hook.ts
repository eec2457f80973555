import { useEffect, useLayoutEffect, useRef } from 'react';
import { type PlayerKeyCommand, playerKeyCommand } from '../lib/player-keys';

/** Binds the player's keys (lib/player-keys.ts) to the window for the screen's lifetime. */
export function usePlayerKeyboard(actions: Record<PlayerKeyCommand, () => void>): void {
  const actionsRef = useRef(actions);
  useLayoutEffect(() => {
    actionsRef.current = actions;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const command = playerKeyCommand(event);
      if (!command) return;
      // Space would also scroll, and Enter press the focused card a second time.
      event.preventDefault();
      actionsRef.current[command]();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
