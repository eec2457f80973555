import { isIosDevice } from '../pwa';

/**
 * iOS's audio session (docs/product/audiobooks.md#playback): on an iPhone or iPad, in Safari or the installed
 * app, the audiobook prepares the sound inside the learner's press, before its first clip plays: the page's
 * audio session is declared as playback (`navigator.audioSession`, Safari 16.4 and later: the clips sound
 * with the silent switch on and are not ducked as notification sounds), and an audio context is started
 * and plays one silent sample, which unlocks the sound the page starts later outside a press (the next
 * sentence of play-all); `/audio-test` plays the same silent sample in its session test. Elsewhere nothing
 * is touched. No React: unit tests hand in a stubbed host.
 */

export interface AudioContextLike {
  readonly state: string;
  readonly destination: unknown;
  resume(): Promise<void>;
  createBuffer(channels: number, length: number, sampleRate: number): unknown;
  createBufferSource(): { buffer: unknown; connect(destination: unknown): void; start(when?: number): void };
}

type AudioContextClass = new () => AudioContextLike;

/** The part of the browser's window this uses. */
export interface AudioOutputHost {
  navigator: {
    userAgent: string;
    platform?: string;
    maxTouchPoints?: number;
    /** Safari's Audio Session API; absent in other browsers and older Safari. */
    audioSession?: { type: string };
  };
  AudioContext?: AudioContextClass;
  /** Safari before 14.1 has only the prefixed one. */
  webkitAudioContext?: AudioContextClass;
}

/** Plays one silent sample: started inside a press, it lets the context (and the page) sound later. */
export function playSilentSample(context: AudioContextLike): void {
  const source = context.createBufferSource();
  source.buffer = context.createBuffer(1, 1, 22_050);
  source.connect(context.destination);
  source.start(0);
}

export interface AudioOutput {
  /**
   * Prepares the sound on iOS; called synchronously inside the learner's press. Again at every start: a
   * context iOS suspended meanwhile (a call, another app's sound) is resumed there.
   */
  prepare(): void;
}

export function createAudioOutput(
  host: AudioOutputHost | undefined,
  log: (message: string, error?: unknown) => void,
): AudioOutput {
  let context: AudioContextLike | null = null;
  return {
    prepare() {
      if (!host || !isIosDevice(host.navigator)) return;
      const session = host.navigator.audioSession;
      if (session && session.type !== 'playback') {
        try {
          session.type = 'playback';
        } catch (error) {
          log('the audio session type could not be set', error);
        }
      }
      const Context = host.AudioContext ?? host.webkitAudioContext;
      if (!Context) return;
      try {
        context ??= new Context();
        if (context.state !== 'running') {
          context.resume().catch((error: unknown) => log('the audio context could not be resumed', error));
        }
        playSilentSample(context);
      } catch (error) {
        log('the audio context could not be started', error);
      }
    },
  };
}

/** The page's audio output, prepared by the players before they sound. */
export const audioOutput = createAudioOutput(
  typeof window === 'undefined' ? undefined : window,
  (message, error) => console.warn(`[audio] ${message}`, error ?? ''),
);
