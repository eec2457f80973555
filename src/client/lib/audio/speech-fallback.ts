import type { SpeechFallback } from './learn-player.types';

/** The part of the Web Speech API the fallback uses (a fake stands in for it in unit tests). */
export interface SpeechUtteranceLike {
  lang: string;
  rate: number;
  volume: number;
  voice: SpeechSynthesisVoice | null;
  onend: (() => void) | null;
  onerror: (() => void) | null;
}

export interface SpeechSynthesisLike {
  speak(utterance: SpeechUtteranceLike): void;
  cancel(): void;
  getVoices(): readonly Pick<SpeechSynthesisVoice, 'lang'>[];
}

export interface SpeechEnvironment {
  speechSynthesis?: SpeechSynthesisLike | undefined;
  createUtterance?: (text: string) => SpeechUtteranceLike;
}

function browserEnvironment(): SpeechEnvironment {
  if (typeof window === 'undefined' || !('speechSynthesis' in window)) return {};
  return {
    speechSynthesis: window.speechSynthesis as unknown as SpeechSynthesisLike,
    createUtterance: (text) => new SpeechSynthesisUtterance(text) as unknown as SpeechUtteranceLike,
  };
}

const normalizedLang = (lang: string) => lang.replace('_', '-').toLowerCase();

/**
 * The browser's speech synthesis, for a clip that cannot be played (docs/product/learn.md#speech-fallback:
 * rate 0.8, es-ES; ru-RU for the Russian voice). A voice of that exact language is preferred, else one of the
 * same language: some browsers ignore `lang` without a voice. Rejects when nothing could be read, so the
 * engine never counts silence as a voice heard; the engine limits it to 10 s.
 */
export function createSpeechFallback(environment: SpeechEnvironment = browserEnvironment()): SpeechFallback {
  const { speechSynthesis, createUtterance } = environment;
  return {
    speak(text, { lang, rate, volume, signal }) {
      if (signal.aborted) return Promise.resolve();
      if (!speechSynthesis || !createUtterance) return Promise.reject(new Error('No speech synthesis'));
      if (text.trim() === '') return Promise.reject(new Error('Nothing to read'));
      return new Promise<void>((resolve, reject) => {
        let utterance: SpeechUtteranceLike;
        const settle = (failure?: Error) => {
          signal.removeEventListener('abort', onAbort);
          utterance.onend = null;
          utterance.onerror = null;
          if (failure) reject(failure);
          else resolve();
        };
        const done = () => settle();
        const onAbort = () => {
          done();
          try {
            speechSynthesis.cancel();
          } catch {
            // Nothing to cancel then.
          }
        };
        try {
          utterance = createUtterance(text);
          utterance.lang = lang;
          utterance.rate = rate;
          // docs/product/learn.md#volume: read at the learner's volume like the clips.
          utterance.volume = volume;
          const voices = speechSynthesis.getVoices();
          const wanted = normalizedLang(lang);
          const voice =
            voices.find((candidate) => normalizedLang(candidate.lang) === wanted) ??
            voices.find((candidate) => normalizedLang(candidate.lang).startsWith(wanted.slice(0, 2)));
          if (voice) utterance.voice = voice as SpeechSynthesisVoice;
          utterance.onend = done;
          utterance.onerror = () => settle(new Error('Speech synthesis failed'));
          signal.addEventListener('abort', onAbort, { once: true });
          // A clip of this player's may have left an utterance queued; this one must not wait behind it.
          speechSynthesis.cancel();
          speechSynthesis.speak(utterance);
        } catch (error) {
          signal.removeEventListener('abort', onAbort);
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  };
}
