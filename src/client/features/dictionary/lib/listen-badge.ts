import { type SettingsValues, settingsDefaults } from '../../../../shared/api/settings';

/**
 * The listen-count badge's colour (docs/product/dictionary.md#word-row): below the warning threshold grey,
 * from warning orange, from safe green; a hidden word is red whatever its count.
 */
export type ListenTone = 'low' | 'warning' | 'safe' | 'hidden';

export type ListenThresholdSettings = Pick<SettingsValues, 'listenThresholdWarning' | 'listenThresholdSafe'>;

export function listenTone(
  count: number,
  isActive: boolean,
  /**
   * docs/product/settings.md#listen-thresholds: the defaults (warning 20, safe 40) until the settings have
   * loaded.
   */
  thresholds: ListenThresholdSettings = settingsDefaults,
): ListenTone {
  if (!isActive) return 'hidden';
  if (count >= thresholds.listenThresholdSafe) return 'safe';
  if (count >= thresholds.listenThresholdWarning) return 'warning';
  return 'low';
}
