/**
 * How a clip that fails to play is tried again (docs/product/learn.md#clip-retries): two more attempts,
 * the n-th after 300 ms × n, then the caller gives up (Learn reads the text with the browser's speech
 * instead). A refusal by the browser's autoplay policy is not a failure to retry: only the learner's tap
 * lifts it, so it is reported at once (docs/product/learn.md#sound-blocked).
 */
export const CLIP_RETRIES = 2;
export const CLIP_RETRY_BACKOFF_MS = 300;

/** The wait before retry number `retry` (1-based). */
export const retryDelayMs = (retry: number) => CLIP_RETRY_BACKOFF_MS * retry;

/** `audio.play()` refused because the page may not start sound before the learner interacts with it. */
export function isAutoplayBlocked(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'name' in error && error.name === 'NotAllowedError';
}
