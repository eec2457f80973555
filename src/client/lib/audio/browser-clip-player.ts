import type { ClipPlayer } from './learn-player.types';
import { trackDetachedMedia } from './stop-all-audio';

/** The part of HTMLAudioElement the player uses (a fake stands in for it in unit tests). */
export interface AudioElementLike {
  src: string;
  preload: string;
  volume: number;
  readonly duration: number;
  readonly error: { code: number; message?: string } | null;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'playing' | 'ended' | 'error', listener: () => void): void;
  removeEventListener(type: 'playing' | 'ended' | 'error', listener: () => void): void;
}

export interface BrowserClipPlayerOptions {
  createAudio?: () => AudioElementLike;
  fetch?: (source: string) => Promise<{ arrayBuffer(): Promise<ArrayBuffer> }>;
}

/** Sources preloaded lately; a few hundred paths are nothing, and the cache does the rest. */
const PRELOAD_MEMORY = 200;

/**
 * Plays the Learn screen's clips through ONE reused audio element: on phones a single element keeps
 * playing with the screen off, and it is the element the Media Session controls. It is registered with
 * stopAllAudio, so the navigation bar silences it too.
 */
export function createBrowserClipPlayer(options: BrowserClipPlayerOptions = {}): ClipPlayer & {
  dispose(): void;
} {
  const createAudio = options.createAudio ?? (() => new Audio());
  const fetchSource = options.fetch ?? ((source: string) => fetch(source, { credentials: 'same-origin' }));
  let element: { audio: AudioElementLike; untrack: () => void } | null = null;
  /** Ends the play in progress (resolving it) before another starts or on stop. */
  let settleCurrent: (() => void) | null = null;
  const preloaded = new Set<string>();

  function audioElement() {
    if (!element) {
      const audio = createAudio();
      audio.preload = 'auto';
      element = { audio, untrack: trackDetachedMedia(audio) };
    }
    return element.audio;
  }

  function stop() {
    settleCurrent?.();
    settleCurrent = null;
    element?.audio.pause();
  }

  return {
    play(source, { signal, volume, onStart }) {
      stop();
      if (signal.aborted) return Promise.resolve();
      const audio = audioElement();
      return new Promise<void>((resolve, reject) => {
        let settled = false;
        let started = false;
        const finish = (outcome: () => void) => {
          if (settled) return;
          settled = true;
          audio.removeEventListener('playing', onPlaying);
          audio.removeEventListener('ended', onEnded);
          audio.removeEventListener('error', onError);
          signal.removeEventListener('abort', onAbort);
          if (settleCurrent === settle) settleCurrent = null;
          outcome();
        };
        const settle = () => finish(resolve);
        const onPlaying = () => {
          if (started || settled) return;
          started = true;
          onStart(Number.isFinite(audio.duration) ? audio.duration * 1000 : Number.NaN);
        };
        const onEnded = () => finish(resolve);
        const onError = () => {
          const code = audio.error?.code ?? 0;
          finish(() => reject(new Error(`Audio element error ${code}: ${audio.error?.message ?? ''}`)));
        };
        const onAbort = () => {
          audio.pause();
          finish(resolve);
        };
        settleCurrent = settle;
        audio.addEventListener('playing', onPlaying);
        audio.addEventListener('ended', onEnded);
        audio.addEventListener('error', onError);
        signal.addEventListener('abort', onAbort, { once: true });
        audio.src = source;
        // docs/product/learn.md#volume (iOS keeps its element at full level: there the device's buttons rule).
        audio.volume = volume;
        let playing: Promise<void>;
        try {
          playing = audio.play();
        } catch (error) {
          finish(() => reject(error instanceof Error ? error : new Error(String(error))));
          return;
        }
        playing.then(
          // 'playing' usually comes first; when it does not, play() resolving means it sounds.
          () => onPlaying(),
          (error: unknown) => finish(() => reject(error instanceof Error ? error : new Error(String(error)))),
        );
      });
    },
    preload(source) {
      // data: and blob: URLs are in memory already; a path or URL is fetched into the HTTP cache (media under
      // /media is immutable and cacheable, docs/product/media.md#content-addressed-store), which the element
      // then reads.
      if (/^(?:data|blob):/iu.test(source) || preloaded.has(source)) return;
      if (preloaded.size >= PRELOAD_MEMORY) preloaded.clear();
      preloaded.add(source);
      void fetchSource(source)
        .then((response) => response.arrayBuffer())
        .catch(() => preloaded.delete(source));
    },
    stop,
    dispose() {
      stop();
      element?.untrack();
      element = null;
    },
  };
}
