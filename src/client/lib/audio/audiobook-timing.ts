import type { PlaybackTiming } from './learn-player.types';

/**
 * The audiobook player's timing (docs/product/audiobooks.md#playback): 8 s per clip, 10 ms between clips,
 * the next sentence 1 s after one ends (in play-all, and after a sentence played alone when autoplay is on);
 * a sentence without its first Spanish clip is skipped, and a clip that fails is skipped rather than read by
 * speech synthesis. The play-all button stops whatever plays, and a second press while a playback is
 * starting is ignored.
 */
export const AUDIOBOOK_TIMING: PlaybackTiming = {
  voiceTimeoutMs: 8_000,
  voiceGapMs: 10,
  itemGapMs: 1_000,
  requiresFirstVoice: true,
  speaksOnFailure: false,
  readsOn: true,
  playAllPress: 'stopsAnything',
};
