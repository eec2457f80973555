/**
 * Stops everything that can be making sound, so that leaving a screen through the navigation bar never leaves
 * a clip or a speech utterance playing behind it (docs/product/overview.md#navigation). No React here: the
 * playback engine and the navigation bar both call it.
 */

interface Pausable {
  pause(): void;
}

interface MediaQueryRoot {
  querySelectorAll(selectors: string): Iterable<Pausable>;
}

interface SpeechCanceller {
  cancel(): void;
}

export interface AudioEnvironment {
  document?: MediaQueryRoot | undefined;
  speechSynthesis?: SpeechCanceller | undefined;
}

/**
 * `new Audio()` elements that were never attached to the page are invisible to querySelectorAll,
 * so players that create them register them here.
 */
const detachedMedia = new Set<Pausable>();

export function trackDetachedMedia(media: Pausable): () => void {
  detachedMedia.add(media);
  return () => detachedMedia.delete(media);
}

function browserEnvironment(): AudioEnvironment {
  return {
    document: typeof document === 'undefined' ? undefined : document,
    speechSynthesis:
      typeof window === 'undefined' || !('speechSynthesis' in window) ? undefined : window.speechSynthesis,
  };
}

function pauseQuietly(media: Pausable): void {
  try {
    media.pause();
  } catch {
    // A media element in a broken state must not keep the others playing.
  }
}

export function stopAllAudio(environment: AudioEnvironment = browserEnvironment()): void {
  for (const media of environment.document?.querySelectorAll('audio, video') ?? []) pauseQuietly(media);
  for (const media of detachedMedia) pauseQuietly(media);
  try {
    environment.speechSynthesis?.cancel();
  } catch {
    // Some browsers throw when speech synthesis is unavailable; there is nothing to stop then.
  }
}
