import type { SettingsValues } from '../../../shared/api/settings';
import type { PlayerSettings } from './learn-player.types';

/** The engine's part of the learner's settings (a fresh object; the rest of the settings stays out). */
export const playerSettingsOf = (settings: SettingsValues): PlayerSettings => ({
  loopPlayAll: settings.loopPlayAll,
  autoplayAudio: settings.autoplayAudio,
  audioSwitchBehavior: settings.audioSwitchBehavior,
  bilingualPlaybackLearn: settings.bilingualPlaybackLearn,
  automaticBilingual: settings.automaticBilingual,
  listenThresholdWarning: settings.listenThresholdWarning,
  listenThresholdSafe: settings.listenThresholdSafe,
  listenThresholdAuto: settings.listenThresholdAuto,
  volume: settings.volume,
});
