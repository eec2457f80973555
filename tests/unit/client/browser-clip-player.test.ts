import { describe, expect, it, vi } from 'vitest';
import {
  type AudioElementLike,
  createBrowserClipPlayer,
} from '../../../src/client/lib/audio/browser-clip-player';
import {
  createSpeechFallback,
  type SpeechUtteranceLike,
} from '../../../src/client/lib/audio/speech-fallback';
import { stopAllAudio } from '../../../src/client/lib/audio/stop-all-audio';

/** An audio element the test drives: play() answers as the test says; events are dispatched by hand. */
class FakeAudio extends EventTarget implements AudioElementLike {
  src = '';
  preload = '';
  duration = Number.NaN;
  error: { code: number } | null = null;
  paused = true;
  plays: string[] = [];
  playAnswer: () => Promise<void> = () => Promise.resolve();
  play() {
    this.plays.push(this.src);
    this.paused = false;
    return this.playAnswer();
  }
  pause() {
    this.paused = true;
  }
  emit(type: string) {
    this.dispatchEvent(new Event(type));
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup() {
  const elements: FakeAudio[] = [];
  const fetched: string[] = [];
  const player = createBrowserClipPlayer({
    createAudio: () => {
      const audio = new FakeAudio();
      elements.push(audio);
      return audio;
    },
    fetch: (source) => {
      fetched.push(source);
      return Promise.resolve({ arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)) });
    },
  });
  return { player, elements, fetched };
}

describe('browser clip player', () => {
  it('plays every clip through one reused element and reports the duration once it sounds', async () => {
    const h = setup();
    const onStart = vi.fn();
    const first = h.player.play('/media/a.mp3', { signal: new AbortController().signal, onStart });
    const audio = h.elements[0]!;
    audio.duration = 1.5;
    audio.emit('playing');
    await flush();
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(onStart).toHaveBeenCalledWith(1500);
    audio.emit('ended');
    await expect(first).resolves.toBeUndefined();
    const second = h.player.play('/media/b.mp3', { signal: new AbortController().signal, onStart: vi.fn() });
    audio.emit('ended');
    await second;
    expect(h.elements).toHaveLength(1);
    expect(audio.plays).toEqual(['/media/a.mp3', '/media/b.mp3']);
    h.player.dispose();
  });

  it('reports an unknown duration as NaN when play() resolves before any playing event', async () => {
    const h = setup();
    const onStart = vi.fn();
    void h.player.play('/media/a.mp3', { signal: new AbortController().signal, onStart });
    await flush();
    expect(onStart).toHaveBeenCalledWith(Number.NaN);
    h.player.dispose();
  });

  it('rejects on an element error or a refused play(), and resolves, pausing, on abort', async () => {
    const h = setup();
    const broken = h.player.play('/media/a.mp3', { signal: new AbortController().signal, onStart: vi.fn() });
    const audio = h.elements[0]!;
    audio.error = { code: 4 };
    audio.emit('error');
    await expect(broken).rejects.toThrow('Audio element error 4');
    audio.playAnswer = () => Promise.reject(new Error('NotAllowedError'));
    await expect(
      h.player.play('/media/b.mp3', { signal: new AbortController().signal, onStart: vi.fn() }),
    ).rejects.toThrow('NotAllowedError');
    audio.playAnswer = () => new Promise(() => undefined);
    const controller = new AbortController();
    const aborted = h.player.play('/media/c.mp3', { signal: controller.signal, onStart: vi.fn() });
    expect(audio.paused).toBe(false);
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
    expect(audio.paused).toBe(true);
    h.player.dispose();
  });

  it('is stopped by stop() and by the navigation bar’s stopAllAudio', async () => {
    const h = setup();
    const playing = h.player.play('/media/a.mp3', { signal: new AbortController().signal, onStart: vi.fn() });
    h.player.stop();
    await expect(playing).resolves.toBeUndefined();
    const audio = h.elements[0]!;
    audio.paused = false;
    stopAllAudio({ document: undefined, speechSynthesis: undefined });
    expect(audio.paused).toBe(true);
    h.player.dispose();
    audio.paused = false;
    stopAllAudio({ document: undefined, speechSynthesis: undefined });
    expect(audio.paused).toBe(false);
  });

  it('preloads paths once and leaves data: URLs alone', () => {
    const h = setup();
    h.player.preload('/media/a.mp3');
    h.player.preload('/media/a.mp3');
    h.player.preload('data:audio/mpeg;base64,AAAA');
    expect(h.fetched).toEqual(['/media/a.mp3']);
  });
});

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
        return { lang: '', rate: 1, voice: null, onend: null, onerror: null };
      },
    });
    return { fallback, spoken, texts, cancels: () => cancels };
  }

  it('reads the text in the asked language and rate, preferring a voice of that exact language', async () => {
    const h = speechSetup();
    const speaking = h.fallback.speak('Hola', {
      lang: 'es-ES',
      rate: 0.8,
      signal: new AbortController().signal,
    });
    expect(h.texts).toEqual(['Hola']);
    expect(h.spoken[0]).toMatchObject({ lang: 'es-ES', rate: 0.8, voice: { lang: 'es_ES' } });
    h.spoken[0]?.onend?.();
    await expect(speaking).resolves.toBeUndefined();
  });

  it('rejects on an error, and cancels the speech on abort', async () => {
    const h = speechSetup();
    const failing = h.fallback.speak('Привет', {
      lang: 'ru-RU',
      rate: 0.8,
      signal: new AbortController().signal,
    });
    h.spoken[0]?.onerror?.();
    await expect(failing).rejects.toThrow('Speech synthesis failed');
    const controller = new AbortController();
    const cancelled = h.fallback.speak('Hola', { lang: 'es-ES', rate: 0.8, signal: controller.signal });
    const before = h.cancels();
    controller.abort();
    await expect(cancelled).resolves.toBeUndefined();
    expect(h.cancels()).toBe(before + 1);
  });

  it('rejects at once without speech synthesis, so silence is never counted as heard', async () => {
    const fallback = createSpeechFallback({});
    await expect(
      fallback.speak('Hola', { lang: 'es-ES', rate: 0.8, signal: new AbortController().signal }),
    ).rejects.toThrow('No speech synthesis');
  });
});
