import { mediaSource } from '../media-source';
import { CLIP_RETRIES, isAutoplayBlocked, retryDelayMs } from './clip-retry';
import { stopAllAudio, trackDetachedMedia } from './stop-all-audio';
import { gainOf } from './volume';

/** docs/product/overview.md#client-constants: a clip that has not started within 20 s counts as failed. */
const PLAYBACK_TIMEOUT_MS = 20_000;

/** The part of HTMLAudioElement a one-off play uses (a fake stands in for it in unit tests). */
export interface OneOffAudio {
  volume: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error' | 'pause', listener: () => void, options: { once: true }): void;
}

export interface PlayClipOptions {
  /** The learner's volume setting, 0–100 (docs/product/learn.md#volume). */
  volume: number;
  createAudio?: (source: string) => OneOffAudio;
}

/** A clip that sounds; `stop` silences it (a sample left behind by its screen). */
export interface PlayingClip {
  stop(): void;
}

const timeoutError = () => new Error('Audio playback timeout');

/** One attempt: a fresh element, started within the time-out, or rejected. */
async function playOnce(source: string, gain: number, createAudio: (source: string) => OneOffAudio) {
  const audio = createAudio(source);
  audio.volume = gain;
  const untrack = trackDetachedMedia(audio);
  audio.addEventListener('ended', untrack, { once: true });
  audio.addEventListener('error', untrack, { once: true });
  // A clip cut by stopAllAudio (or by this call failing) is never played again: stop tracking it too.
  audio.addEventListener('pause', untrack, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(timeoutError()), PLAYBACK_TIMEOUT_MS);
  });
  try {
    await Promise.race([audio.play(), timeout]);
    return audio;
  } catch (error) {
    audio.pause();
    untrack();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Plays one stored clip (a path, data: URL or raw base64) at the learner's volume, stopping whatever else
 * plays first so two clips never talk over each other: the dictionary's play button and the voice samples
 * in Settings. A clip that fails to start is tried again like Learn's (docs/product/learn.md#clip-retries);
 * the browser's autoplay refusal and the time-out are not retried. Resolves when the clip has started;
 * rejects when it cannot.
 */
export async function playClip(clip: string, options: PlayClipOptions): Promise<PlayingClip> {
  const source = mediaSource(clip, 'audio');
  if (!source) throw new Error('No audio');
  const createAudio = options.createAudio ?? ((src: string) => new Audio(src));
  stopAllAudio();
  for (let retry = 0; ; retry += 1) {
    try {
      const audio = await playOnce(source, gainOf(options.volume), createAudio);
      return { stop: () => audio.pause() };
    } catch (error) {
      const isFinal =
        retry >= CLIP_RETRIES ||
        isAutoplayBlocked(error) ||
        (error instanceof Error && error.message === timeoutError().message);
      if (isFinal) throw error;
      await new Promise((resolve) => setTimeout(resolve, retryDelayMs(retry + 1)));
    }
  }
}
