import { describe, expect, it, vi } from 'vitest';
import {
  type AudioElementLike,
  createBrowserClipPlayer,
} from '../../../src/client/lib/audio/browser-clip-player';
import { stopAllAudio } from '../../../src/client/lib/audio/stop-all-audio';

/** An audio element the test drives: play() answers as the test says; events are dispatched by hand. */
class FakeAudio extends EventTarget implements AudioElementLike {
  src = '';
  preload = '';
  volume = 1;
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
    const first = h.player.play('/media/a.mp3', { signal: new AbortController().signal, volume: 1, onStart });
    const audio = h.elements[0]!;
    audio.duration = 1.5;
    audio.emit('playing');
    await flush();
    expect(onStart).toHaveBeenCalledTimes(1);
    expect(onStart).toHaveBeenCalledWith(1500);
    audio.emit('ended');
    await expect(first).resolves.toBeUndefined();
    const second = h.player.play('/media/b.mp3', {
      signal: new AbortController().signal,
      volume: 1,
      onStart: vi.fn(),
    });
    audio.emit('ended');
    await second;
    expect(h.elements).toHaveLength(1);
    expect(audio.plays).toEqual(['/media/a.mp3', '/media/b.mp3']);
    h.player.dispose();
  });

  it('sets each clip’s level on the element before it plays (docs/product/learn.md#volume)', async () => {
    const h = setup();
    const levels: number[] = [];
    const first = h.player.play('/media/a.mp3', {
      signal: new AbortController().signal,
      volume: 0.8,
      onStart: vi.fn(),
    });
    const audio = h.elements[0]!;
    levels.push(audio.volume);
    audio.emit('ended');
    await first;
    const second = h.player.play('/media/b.mp3', {
      signal: new AbortController().signal,
      volume: 0.25,
      onStart: vi.fn(),
    });
    levels.push(audio.volume);
    audio.emit('ended');
    await second;
    expect(levels).toEqual([0.8, 0.25]);
    h.player.dispose();
  });

  it('reports an unknown duration as NaN when play() resolves before any playing event', async () => {
    const h = setup();
    const onStart = vi.fn();
    void h.player.play('/media/a.mp3', { signal: new AbortController().signal, volume: 1, onStart });
    await flush();
    expect(onStart).toHaveBeenCalledWith(Number.NaN);
    h.player.dispose();
  });

  it('rejects on an element error or a refused play(), and resolves, pausing, on abort', async () => {
    const h = setup();
    const broken = h.player.play('/media/a.mp3', {
      signal: new AbortController().signal,
      volume: 1,
      onStart: vi.fn(),
    });
    const audio = h.elements[0]!;
    audio.error = { code: 4 };
    audio.emit('error');
    await expect(broken).rejects.toThrow('Audio element error 4');
    audio.playAnswer = () => Promise.reject(new Error('NotAllowedError'));
    await expect(
      h.player.play('/media/b.mp3', { signal: new AbortController().signal, volume: 1, onStart: vi.fn() }),
    ).rejects.toThrow('NotAllowedError');
    audio.playAnswer = () => new Promise(() => undefined);
    const controller = new AbortController();
    const aborted = h.player.play('/media/c.mp3', { signal: controller.signal, volume: 1, onStart: vi.fn() });
    expect(audio.paused).toBe(false);
    controller.abort();
    await expect(aborted).resolves.toBeUndefined();
    expect(audio.paused).toBe(true);
    h.player.dispose();
  });

  it('is stopped by stop() and by the navigation bar’s stopAllAudio', async () => {
    const h = setup();
    const playing = h.player.play('/media/a.mp3', {
      signal: new AbortController().signal,
      volume: 1,
      onStart: vi.fn(),
    });
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
