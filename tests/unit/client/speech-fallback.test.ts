import { describe, expect, it } from 'vitest';
import {
  createSpeechFallback,
  type SpeechUtteranceLike,
} from '../../../src/client/lib/audio/speech-fallback';

describe('speech fallback', () => {
  function speechSetup() {
    const spoken: SpeechUtteranceLike[] = [];
    const texts: string[] = [];
    let cancels = 0;
    const fallback = createSpeechFallback({
      speechSynthesis: {
        speak: (utterance) => spoken.push(utterance),
        cancel: () => {
          cancels += 1;
        },
        getVoices: () => [{ lang: 'en-US' }, { lang: 'es-MX' }, { lang: 'es_ES' }, { lang: 'ru-RU' }],
      },
      createUtterance: (text) => {
        texts.push(text);
        return { lang: '', rate: 1, volume: 1, voice: null, onend: null, onerror: null };
      },
    });
    return { fallback, spoken, texts, cancels: () => cancels };
  }

  it('reads the text in the asked language, rate and volume, preferring a voice of that exact language', async () => {
    const h = speechSetup();
    const speaking = h.fallback.speak('Hola', {
      lang: 'es-ES',
      rate: 0.8,
      volume: 0.8,
      signal: new AbortController().signal,
    });
    expect(h.texts).toEqual(['Hola']);
    expect(h.spoken[0]).toMatchObject({ lang: 'es-ES', rate: 0.8, volume: 0.8, voice: { lang: 'es_ES' } });
    h.spoken[0]?.onend?.();
    await expect(speaking).resolves.toBeUndefined();
  });

  it('rejects on an error, and cancels the speech on abort', async () => {
    const h = speechSetup();
    const failing = h.fallback.speak('Привет', {
      lang: 'ru-RU',
      rate: 0.8,
      volume: 1,
      signal: new AbortController().signal,
    });
    h.spoken[0]?.onerror?.();
    await expect(failing).rejects.toThrow('Speech synthesis failed');
    const controller = new AbortController();
    const cancelled = h.fallback.speak('Hola', {
      lang: 'es-ES',
      rate: 0.8,
      volume: 1,
      signal: controller.signal,
    });
    const before = h.cancels();
    controller.abort();
    await expect(cancelled).resolves.toBeUndefined();
    expect(h.cancels()).toBe(before + 1);
  });

  it('rejects at once without speech synthesis, so silence is never counted as heard', async () => {
    const fallback = createSpeechFallback({});
    await expect(
      fallback.speak('Hola', { lang: 'es-ES', rate: 0.8, volume: 1, signal: new AbortController().signal }),
    ).rejects.toThrow('No speech synthesis');
  });
});
