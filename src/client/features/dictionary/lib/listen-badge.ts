/**
 * The listen-count badge's colour (spec part 1 §5): below the warning threshold grey, from warning
 * orange, from safe green; a hidden word is red whatever its count.
 */
export type ListenTone = 'low' | 'warning' | 'safe' | 'hidden';

export interface ListenThresholdSettings {
  listenThresholdWarning: number;
  listenThresholdSafe: number;
}

/** Spec part 1 §9: warning 20, safe 40 until the settings have loaded. */
export const DEFAULT_LISTEN_THRESHOLDS: ListenThresholdSettings = {
  listenThresholdWarning: 20,
  listenThresholdSafe: 40,
};

export function listenTone(
  count: number,
  isActive: boolean,
  thresholds: ListenThresholdSettings = DEFAULT_LISTEN_THRESHOLDS,
): ListenTone {
  if (!isActive) return 'hidden';
  if (count >= thresholds.listenThresholdSafe) return 'safe';
  if (count >= thresholds.listenThresholdWarning) return 'warning';
  return 'low';
}
