import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIO_TEST_IDS,
  type AudioTestDeps,
  type AudioTestResult,
  runAudioTests,
} from '../../../src/client/features/audio-test/lib/audio-tests';
import {
  type AudioElementLike,
  createBrowserClipPlayer,
} from '../../../src/client/lib/audio/browser-clip-player';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/**
 * An audio element that "plays" whatever it is given, undecodable bytes included: it starts and ends every
 * source and never reports an error, as a device that hides playback failures does.
 */
class AlwaysPlayingAudio extends EventTarget implements AudioElementLike {
  src = '';
  preload = '';
  volume = 1;
  duration = 0.5;
  error = null;
  played: string[] = [];
  play() {
    this.played.push(this.src);
    setTimeout(() => {
      this.dispatchEvent(new Event('playing'));
      this.dispatchEvent(new Event('ended'));
    }, 10);
    return Promise.resolve();
  }
  pause() {}
}

function deps(overrides: Partial<AudioTestDeps> = {}) {
  const calls: string[] = [];
  const sleeps: number[] = [];
  const value: AudioTestDeps = {
    initAudioContext: () => (calls.push('context'), Promise.resolve('running')),
    prepareSession: () => (calls.push('session'), Promise.resolve('session begun')),
    clipOf: (text) => (calls.push(`clip ${text}`), Promise.resolve(`/media/${text}.mp3`)),
    play: (source) =>
      source === 'broken'
        ? (calls.push('play broken'), Promise.reject(new Error('NotSupportedError')))
        : (calls.push(`play ${source}`), Promise.resolve()),
    brokenSource: 'broken',
    sleep: (ms, signal) => {
      sleeps.push(ms);
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    },
    random: () => 0.5,
    ...overrides,
  };
  return { value, calls, sleeps };
}

describe('the audio diagnostics (docs/product/audiobooks.md#audio-diagnostics)', () => {
  it('runs the five tests in order, 500–1000 ms apart, each passing with its details', async () => {
    const h = deps();
    const updates: (readonly AudioTestResult[])[] = [];
    const run = runAudioTests(h.value, (results) => updates.push(results), new AbortController().signal);
    await vi.runAllTimersAsync();
    const results = await run;
    expect(results.map((result) => [result.id, result.status])).toEqual(
      AUDIO_TEST_IDS.map((id) => [id, 'passed']),
    );
    expect(h.sleeps).toHaveLength(4);
    for (const ms of h.sleeps) expect(ms >= 500 && ms <= 1000).toBe(true);
    expect(h.calls.slice(0, 2)).toEqual(['context', 'session']);
    // One test runs at a time: each is seen running before it passes.
    const running = updates.flatMap((list) =>
      list.filter((result) => result.status === 'running').map((r) => r.id),
    );
    expect([...new Set(running)]).toEqual([...AUDIO_TEST_IDS]);
    expect(results.find((result) => result.id === 'retryLogic')?.details).toEqual([
      'attempt 1: Error: NotSupportedError',
      'attempt 2: played',
    ]);
  });

  it('reports a failed test and goes on with the next', async () => {
    const h = deps({ initAudioContext: () => Promise.reject(new Error('no AudioContext')) });
    const run = runAudioTests(h.value, () => undefined, new AbortController().signal);
    await vi.runAllTimersAsync();
    const results = await run;
    expect(results[0]).toMatchObject({ status: 'failed', details: ['Error: no AudioContext'] });
    expect(results.slice(1).every((result) => result.status === 'passed')).toBe(true);
  });

  it('fails the retry test when every one of its 3 attempts fails', async () => {
    const h = deps({ play: () => Promise.reject(new Error('decode')) });
    const run = runAudioTests(h.value, () => undefined, new AbortController().signal);
    await vi.runAllTimersAsync();
    const retry = (await run).find((result) => result.id === 'retryLogic');
    expect(retry?.status).toBe('failed');
    expect(retry?.details[0]).toContain('attempt 3');
  });

  it('fails the retry test when the broken clip plays on an element that reports no failure', async () => {
    const audio = new AlwaysPlayingAudio();
    const player = createBrowserClipPlayer({ createAudio: () => audio });
    const h = deps({
      play: (source, signal) => player.play(source, { signal, volume: 1, onStart: () => undefined }),
    });
    const run = runAudioTests(h.value, () => undefined, new AbortController().signal);
    await vi.runAllTimersAsync();
    const results = await run;
    const retry = results.find((result) => result.id === 'retryLogic');
    expect(retry?.status).toBe('failed');
    expect(retry?.details).toEqual(['Error: attempt 1: played; a broken clip played: failures go unnoticed']);
    // The broken clip went through the element, and the test stopped there rather than "recover".
    expect(audio.played.at(-1)).toBe('broken');
    // The tests before it played through the same element and pass.
    expect(results.filter((result) => result.status === 'passed').map((result) => result.id)).toEqual([
      'audioContext',
      'audioSession',
      'singleAudio',
      'multipleAudio',
    ]);
    player.dispose();
  });

  it('stops between tests when the learner stops the audio, leaving the rest pending', async () => {
    const h = deps();
    const controller = new AbortController();
    const run = runAudioTests(h.value, () => undefined, controller.signal);
    await vi.advanceTimersByTimeAsync(0);
    controller.abort();
    await vi.runAllTimersAsync();
    const results = await run;
    expect(results.filter((result) => result.status === 'pending').length).toBeGreaterThanOrEqual(3);
  });
});
