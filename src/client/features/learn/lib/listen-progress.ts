/**
 * What a card played through saves (docs/product/learn.md#auto-hide-thresholds), given the word with the
 * listen the player has just counted: the new count, and whether an active word reached the auto threshold
 * and is retired (isActive false, which starts its spaced repetition). A word already retired (a due
 * spaced-repetition word) stays so.
 */
export function afterCardPlayed(
  countedWord: { attempts: number; isActive: boolean },
  listenThresholdAuto: number,
): { listenCount: number; isRetired: boolean } {
  const listenCount = countedWord.attempts;
  return { listenCount, isRetired: countedWord.isActive && listenCount >= listenThresholdAuto };
}

/** "1:05", "12:00", "1:02:03". */
export function formatElapsed(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = String(seconds % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}
