import { VOICE_ORDER, type PlayerSettings, type VoiceSlot } from './learn-player.types';

/**
 * Whether a card's Russian voice plays (docs/product/learn.md#bilingual-rule). Product decision: "automatic"
 * bilingual overrides the manual switch, so with warning/safe/auto the Russian voice plays until the
 * word's listen count reaches that threshold, whatever the screen's bilingualPlayback says; with automatic
 * bilingual disabled the manual switch alone decides.
 */
export function russianVoicePlays(attempts: number, settings: PlayerSettings): boolean {
  switch (settings.automaticBilingual) {
    case 'disabled':
      return settings.bilingualPlayback;
    case 'warning':
      return attempts < settings.listenThresholdWarning;
    case 'safe':
      return attempts < settings.listenThresholdSafe;
    case 'auto':
      return attempts < settings.listenThresholdAuto;
  }
}

/** The voices a card plays, in the spec's order; the two Spanish voices always play. */
export function voicesToPlay(attempts: number, settings: PlayerSettings): VoiceSlot[] {
  const withRussian = russianVoicePlays(attempts, settings);
  return VOICE_ORDER.filter((slot) => slot !== 'russian' || withRussian);
}
