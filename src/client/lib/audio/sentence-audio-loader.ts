import { mediaSource } from '../media-source';
import { forCaller } from './card-audio-loader';
import type { CardClips, PlayerWord, VoiceSlot } from './learn-player.types';

/** The sentence's clip call's name for each voice. */
export type SentenceVoiceType = 'main' | 'second' | 'russian';
const VOICE_TYPE: Readonly<Record<VoiceSlot, SentenceVoiceType>> = {
  spanish1: 'main',
  russian: 'russian',
  spanish2: 'second',
};
const LISTED: Readonly<Record<VoiceSlot, 'audioData' | 'russianAudioData' | 'secondVoiceAudioData'>> = {
  spanish1: 'audioData',
  russian: 'russianAudioData',
  spanish2: 'secondVoiceAudioData',
};

/** A stored clip shorter than this is a broken value, not a clip (docs/product/audiobooks.md#playback). */
export const MIN_CLIP_LENGTH = 10;

export interface SentenceAudioLoaderDeps {
  /**
   * `GET /api/audiobooks/:id/sentences/:sentenceId/audio?voiceType=…`: the clip's path, made and kept by
   * the server when missing; null when it could not be made.
   */
  fetchClip(sentenceId: number, voiceType: SentenceVoiceType, signal: AbortSignal): Promise<string | null>;
  /** The voices the engine will play for this sentence now (the Russian one only when bilingual). */
  voicesFor(sentence: PlayerWord): readonly VoiceSlot[];
  /** A clip the server made: the screen keeps it on its sentence, so it is not asked for again. */
  onClipMade(sentenceId: number, slot: VoiceSlot, source: string): void;
  log(message: string, error?: unknown): void;
}

const listedClip = (sentence: PlayerWord, slot: VoiceSlot): string | null => {
  const value = sentence[LISTED[slot]];
  return value !== null && value.trim().length >= MIN_CLIP_LENGTH ? mediaSource(value, 'audio') : null;
};

/**
 * Where the audiobook player's clips come from (docs/product/audiobooks.md#playback): the sentence's stored
 * clip when it has one, else the server's clip call, which makes it with the learner's voice (or the
 * built-in one) and keeps it on the sentence. Only the voices that will play are asked for; requests are
 * shared per sentence and voice, and a failed one is asked again at the next play.
 */
export function createSentenceAudioLoader(deps: SentenceAudioLoaderDeps) {
  const pending = new Map<string, Promise<string | null>>();
  // The shared request is not any caller's: one caller giving up must not cancel it for the others.
  const shared = new AbortController().signal;

  function clipOf(sentence: PlayerWord, slot: VoiceSlot): Promise<string | null> {
    const listed = listedClip(sentence, slot);
    if (listed !== null) return Promise.resolve(listed);
    const key = `${sentence.id}:${slot}`;
    let request = pending.get(key);
    if (!request) {
      request = deps.fetchClip(sentence.id, VOICE_TYPE[slot], shared).then(
        (path) => {
          pending.delete(key);
          const source = mediaSource(path, 'audio');
          if (source !== null) deps.onClipMade(sentence.id, slot, source);
          return source;
        },
        (error: unknown) => {
          pending.delete(key);
          deps.log(`the ${slot} clip of sentence ${sentence.id} could not be had`, error);
          return null;
        },
      );
      pending.set(key, request);
    }
    return request;
  }

  return {
    loadClips(sentence: PlayerWord, signal: AbortSignal): Promise<CardClips> {
      const wanted = new Set(deps.voicesFor(sentence));
      const load = async (slot: VoiceSlot) => (wanted.has(slot) ? clipOf(sentence, slot) : null);
      return forCaller(
        Promise.all([load('spanish1'), load('russian'), load('spanish2')]).then(
          ([spanish1, russian, spanish2]) => ({ spanish1, russian, spanish2 }),
        ),
        signal,
      );
    },
    /** Nothing is kept here beyond requests in flight: a changed sentence carries its new clips. */
    forgetClips(sentenceId: number) {
      for (const key of [...pending.keys()]) if (key.startsWith(`${sentenceId}:`)) pending.delete(key);
    },
  };
}
export type SentenceAudioLoader = ReturnType<typeof createSentenceAudioLoader>;
