import type { SettingsValues } from '../../../shared/api/settings';
import type { PlayerSettings } from './learn-player.types';

/**
 * The engine's part of the learner's settings for one screen (a fresh object; the rest of the settings
 * stays out): each screen has its own bilingual switch.
 */
export const playerSettingsOf = (
  settings: SettingsValues,
  screen: 'learn' | 'audiobook' = 'learn',
): PlayerSettings => ({
  loopPlayAll: settings.loopPlayAll,
  autoplayAudio: settings.autoplayAudio,
  audioSwitchBehavior: settings.audioSwitchBehavior,
  bilingualPlayback:
    screen === 'learn' ? settings.bilingualPlaybackLearn : settings.bilingualPlaybackAudiobook,
  automaticBilingual: settings.automaticBilingual,
  listenThresholdWarning: settings.listenThresholdWarning,
  listenThresholdSafe: settings.listenThresholdSafe,
  listenThresholdAuto: settings.listenThresholdAuto,
  volume: settings.volume,
  playAllPauseMs: screen === 'learn' ? settings.playAllDelay * 1000 : 0,
});
