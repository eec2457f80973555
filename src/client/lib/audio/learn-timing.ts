import type { PlaybackTiming } from './learn-player.types';

/**
 * Learn's timing (docs/product/learn.md#timing):
 * - VOICE_TIMEOUT_MS: a voice that has not started within 10 s is skipped. Once it starts, it may run
 *   for its duration plus 10 s; when the browser cannot tell the duration, for 10 s more from the
 *   start (card clips are a word or one sentence, a few seconds long). The speech fallback gets 10 s in
 *   all. A voice cut by its limit is stopped and playback goes on with the next one.
 * - VOICE_GAP_MS: silence between two voices of a card that were tried (a voice without a clip is
 *   skipped without a gap).
 * - CARD_GAP_MS: silence between two cards of play-all; the step from the last card of a loop to the
 *   first card of the next is the same single 50 ms gap (the spec's "gap between loops").
 * The stop delay both screens share is in stop-delay.ts, and a clip's retries in clip-retry.ts.
 */
export const VOICE_TIMEOUT_MS = 10_000;
export const VOICE_GAP_MS = 50;
export const CARD_GAP_MS = 50;

export const LEARN_TIMING: PlaybackTiming = {
  voiceTimeoutMs: VOICE_TIMEOUT_MS,
  voiceGapMs: VOICE_GAP_MS,
  itemGapMs: CARD_GAP_MS,
  requiresFirstVoice: false,
  speaksOnFailure: true,
  readsOn: false,
  playAllPress: 'togglesPlayAll',
};
