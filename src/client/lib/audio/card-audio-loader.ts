import type { VoiceStyle } from '../../../shared/catalogs/voices';
import { cardSpokenTexts } from '../../../shared/text/spoken-text';
import { mediaSource } from '../media-source';
import { VOICE_ORDER, type CardClips, type PlayerWord, type VoiceSlot } from './learn-player.types';

/** `GET /api/words/:id/audio` as the loader reads it: stored clips, missing ones made by the server. */
export interface FetchedCardAudio {
  audioData: string | null;
  russianAudioData: string | null;
  secondVoiceAudioData: string | null;
}

/** `POST /api/generate-audio` for one of the card's voices. */
export interface CardAudioRequest {
  text: string;
  voiceId: string;
  language: 'es-MX' | 'ru-RU';
  speed: number;
  intonationStyle: string;
  /** The learner's voice style (docs/product/providers.md#voice-style). */
  voiceStyle: VoiceStyle;
  wordId: number;
  voiceType: VoiceSlot;
}

/** The learner's voices (settings spanishVoices[0], russianVoice, the second Spanish voice); null = none. */
export interface CardVoices {
  spanish1: string | null;
  russian: string | null;
  spanish2: string | null;
  speed: number;
  intonationStyle: string;
  voiceStyle: VoiceStyle;
}

export interface CardAudioLoaderDeps {
  fetchWordAudio(wordId: number, signal: AbortSignal): Promise<FetchedCardAudio>;
  /** Resolves to the clip's source (a `/media/…` path). */
  generateAudio(request: CardAudioRequest, signal: AbortSignal): Promise<string>;
  voices(): CardVoices;
  log(message: string, error?: unknown): void;
}

export interface CardAudioLoader {
  /**
   * The word's three clips as playable sources; null for a voice that could not be had. Rejects only
   * when the caller's signal aborts (the shared load goes on for the others and the cache).
   */
  loadClips(word: PlayerWord, signal: AbortSignal): Promise<CardClips>;
  /** Forgets the word's loaded clips: the next load asks the server again. */
  forgetClips(wordId: number): void;
}

/** The field holding a voice's clip, the same in the word list and in the audio answer. */
const CLIP_FIELD: Readonly<Record<VoiceSlot, keyof FetchedCardAudio>> = {
  spanish1: 'audioData',
  russian: 'russianAudioData',
  spanish2: 'secondVoiceAudioData',
};

const clipsOf = (source: (slot: VoiceSlot) => string | null | undefined): CardClips => ({
  spanish1: mediaSource(source('spanish1'), 'audio'),
  russian: mediaSource(source('russian'), 'audio'),
  spanish2: mediaSource(source('spanish2'), 'audio'),
});

const hasAll = (clips: CardClips) => VOICE_ORDER.every((slot) => clips[slot] !== null);

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('Aborted', 'AbortError');
}

/** The shared load, or the caller's abort, whichever comes first. */
export function forCaller<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

interface CacheEntry {
  /** What the load depended on: the word's texts and listed clips, and the voices. */
  key: string;
  promise: Promise<CardClips>;
}

/**
 * Where the Learn player's clips come from (docs/product/learn.md#audio-loading,
 * docs/product/learn.md#speech-fallback, docs/product/media.md#content-addressed-store,
 * docs/product/providers.md#audio-cache):
 * 1. the list's clip paths, when the word carries all three: no request at all;
 * 2. else `GET /api/words/:id/audio`, where the server makes missing clips on demand;
 * 3. a voice still missing after that, and for which the learner chose a voice, is asked of
 *    `POST /api/generate-audio` for that voice alone.
 * Each failure is only logged and leaves that voice null. Loads are kept per word as a promise, so
 * concurrent loads (the prefetch and the play) share the requests. A load in which a request failed is
 * kept for a minute, then tried again: a broken key or provider is not asked again at every play and
 * prefetch of a play-all loop. A change of the word's texts or listed clips, or of the voices, makes a
 * new load at once.
 */
/** How long a load that could not get every clip answers for the word before it is tried again. */
export const FAILED_LOAD_RETRY_MS = 60_000;

export function createCardAudioLoader(deps: CardAudioLoaderDeps): CardAudioLoader {
  const cache = new Map<number, CacheEntry>();
  // The shared load is not any caller's: one caller giving up must not cancel it for the others.
  const shared = new AbortController().signal;
  /** Drops a load that did not get everything, unless a newer one has replaced it meanwhile. */
  const forget = (wordId: number, entry: CacheEntry) => {
    if (cache.get(wordId) === entry) cache.delete(wordId);
  };

  async function load(word: PlayerWord, listed: CardClips, voices: CardVoices) {
    let complete = true;
    let clips = listed;
    try {
      const fetched = await deps.fetchWordAudio(word.id, shared);
      clips = clipsOf((slot) => fetched[CLIP_FIELD[slot]] ?? listed[slot]);
    } catch (error) {
      complete = false;
      deps.log(`audio of word ${word.id} could not be loaded`, error);
    }
    const texts = cardSpokenTexts(word);
    const generated = await Promise.all(
      VOICE_ORDER.map(async (slot): Promise<string | null> => {
        const existing = clips[slot];
        if (existing !== null) return existing;
        const voiceId = voices[slot]?.trim();
        if (!voiceId) return null;
        const text = slot === 'russian' ? texts.russian : texts.spanish;
        if (text === '') return null;
        try {
          const source = mediaSource(
            await deps.generateAudio(
              {
                text,
                voiceId,
                language: slot === 'russian' ? 'ru-RU' : 'es-MX',
                speed: voices.speed,
                intonationStyle: voices.intonationStyle,
                voiceStyle: voices.voiceStyle,
                wordId: word.id,
                voiceType: slot,
              },
              shared,
            ),
            'audio',
          );
          if (source === null) throw new Error('No clip in the answer');
          return source;
        } catch (error) {
          complete = false;
          deps.log(`the ${slot} voice of word ${word.id} could not be generated`, error);
          return null;
        }
      }),
    );
    const [spanish1 = null, russian = null, spanish2 = null] = generated;
    return { clips: { spanish1, russian, spanish2 }, complete };
  }

  return {
    loadClips(word, signal) {
      const listed = clipsOf((slot) => word[CLIP_FIELD[slot]]);
      if (hasAll(listed))
        return signal.aborted ? Promise.reject(abortReason(signal)) : Promise.resolve(listed);
      const voices = deps.voices();
      const key = JSON.stringify([
        word.example ?? word.spanish,
        word.exampleTranslation ?? word.russian,
        listed,
        voices,
      ]);
      let entry = cache.get(word.id);
      if (entry?.key !== key) {
        const created: CacheEntry = {
          key,
          promise: load(word, listed, voices).then(
            ({ clips, complete }) => {
              if (!complete) setTimeout(() => forget(word.id, created), FAILED_LOAD_RETRY_MS);
              return clips;
            },
            (error: unknown) => {
              forget(word.id, created);
              throw error instanceof Error ? error : new Error(String(error));
            },
          ),
        };
        entry = created;
        cache.set(word.id, created);
      }
      return forCaller(entry.promise, signal);
    },
    forgetClips(wordId) {
      cache.delete(wordId);
    },
  };
}
