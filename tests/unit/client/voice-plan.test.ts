import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAYER_SETTINGS } from '../../../src/client/lib/audio/learn-player';
import type { AutomaticBilingual, PlayerSettings } from '../../../src/client/lib/audio/learn-player.types';
import { russianVoicePlays, voicesToPlay } from '../../../src/client/lib/audio/voice-plan';

const settings = (overrides: Partial<PlayerSettings>): PlayerSettings => ({
  ...DEFAULT_PLAYER_SETTINGS,
  listenThresholdWarning: 20,
  listenThresholdSafe: 40,
  listenThresholdAuto: 60,
  ...overrides,
});

const ALL = ['spanish1', 'russian', 'spanish2'];
const SPANISH_ONLY = ['spanish1', 'spanish2'];

describe('voicesToPlay', () => {
  it('with automatic bilingual disabled follows the manual switch alone, whatever the listen count', () => {
    for (const attempts of [0, 19, 20, 1000]) {
      expect(voicesToPlay(attempts, settings({ bilingualPlayback: true }))).toEqual(ALL);
      expect(voicesToPlay(attempts, settings({ bilingualPlayback: false }))).toEqual(SPANISH_ONLY);
    }
  });

  it.each<[AutomaticBilingual, number]>([
    ['warning', 20],
    ['safe', 40],
    ['auto', 60],
  ])('with %s keeps the Russian voice below %i listens and drops it from there on', (mode, threshold) => {
    const chosen = settings({ automaticBilingual: mode });
    expect(voicesToPlay(0, chosen)).toEqual(ALL);
    expect(voicesToPlay(threshold - 1, chosen)).toEqual(ALL);
    expect(voicesToPlay(threshold, chosen)).toEqual(SPANISH_ONLY);
    expect(voicesToPlay(threshold + 50, chosen)).toEqual(SPANISH_ONLY);
  });

  it('uses only the threshold matching the mode', () => {
    const thresholds = { listenThresholdWarning: 10, listenThresholdSafe: 30, listenThresholdAuto: 70 };
    expect(russianVoicePlays(25, settings({ ...thresholds, automaticBilingual: 'warning' }))).toBe(false);
    expect(russianVoicePlays(25, settings({ ...thresholds, automaticBilingual: 'safe' }))).toBe(true);
    expect(russianVoicePlays(50, settings({ ...thresholds, automaticBilingual: 'safe' }))).toBe(false);
    expect(russianVoicePlays(50, settings({ ...thresholds, automaticBilingual: 'auto' }))).toBe(true);
  });

  it('lets automatic bilingual override the manual switch in both directions', () => {
    expect(voicesToPlay(0, settings({ automaticBilingual: 'safe', bilingualPlayback: false }))).toEqual(ALL);
    expect(voicesToPlay(40, settings({ automaticBilingual: 'safe', bilingualPlayback: true }))).toEqual(
      SPANISH_ONLY,
    );
  });
});
