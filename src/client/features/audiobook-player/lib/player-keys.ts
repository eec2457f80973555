import { isPlayerKeyTarget, type KeyTarget } from '../../../lib/player-key-target';

/**
 * The player's keys (docs/product/audiobooks.md#player): ← and → move, Space or Enter plays or stops the
 * sentence, Shift or Alt with Space or Enter presses play/stop all. Keys typed into a field, or pressed in
 * an open menu or dialog, are left alone; Space and Enter on a focused button press that button, except on
 * the sentence card, which is the player's.
 */

export type PlayerKeyCommand = 'previous' | 'next' | 'toggleSentence' | 'togglePlayAll';

const CARD = '[data-player-card]';

export interface PlayerKeyEvent {
  key: string;
  target: EventTarget | KeyTarget | null;
  defaultPrevented: boolean;
  repeat: boolean;
  shiftKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

/** The command a key stands for, or null when it is not the player's. */
export function playerKeyCommand(event: PlayerKeyEvent): PlayerKeyCommand | null {
  if (event.ctrlKey || event.metaKey || event.defaultPrevented || event.repeat) return null;
  if (!isPlayerKeyTarget(event.target, event.key, CARD)) return null;
  const isPress = event.key === ' ' || event.key === 'Enter';
  if (event.key === 'ArrowLeft' && !event.shiftKey && !event.altKey) return 'previous';
  if (event.key === 'ArrowRight' && !event.shiftKey && !event.altKey) return 'next';
  if (isPress) return event.shiftKey || event.altKey ? 'togglePlayAll' : 'toggleSentence';
  return null;
}
