import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type OneOffAudio, playClip } from '../../../src/client/lib/audio/play-clip';
import { gainOf } from '../../../src/client/lib/audio/volume';

/** One element per attempt; each play() answers as the test queued it. */
function fakeAudio(answers: Array<() => Promise<void>>) {
  const made: Array<{ source: string; volume: number; paused: boolean }> = [];
  const createAudio = (source: string): OneOffAudio => {
    const record = { source, volume: 1, paused: true };
    made.push(record);
    const answer = answers.shift() ?? (() => Promise.resolve());
    return {
      get volume() {
        return record.volume;
      },
      set volume(value: number) {
        record.volume = value;
      },
      play: () => {
        record.paused = false;
        return answer();
      },
      pause: () => {
        record.paused = true;
      },
      addEventListener: () => undefined,
    };
  };
  return { made, createAudio };
}

const decodeError = () => Promise.reject(new Error('The element has no supported sources.'));
const notAllowed = () =>
  Promise.reject(
    Object.assign(new Error('play() failed because the user didn’t interact'), { name: 'NotAllowedError' }),
  );

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('volume (docs/product/learn.md#volume)', () => {
  it('maps the 0–100 setting onto the element’s 0–1, a voice’s own level relative to it', () => {
    expect(gainOf(80)).toBeCloseTo(0.8);
    expect(gainOf(0)).toBe(0);
    expect(gainOf(100)).toBe(1);
    expect(gainOf(80, 0.5)).toBeCloseTo(0.4);
    expect(gainOf(150)).toBe(1);
    expect(gainOf(-5)).toBe(0);
  });
});

describe('playClip: the dictionary’s play button and the voice samples', () => {
  it('plays at the learner’s volume and can be stopped', async () => {
    const h = fakeAudio([]);
    const playing = await playClip('/media/a.mp3', { volume: 80, createAudio: h.createAudio });
    expect(h.made).toEqual([{ source: '/media/a.mp3', volume: 0.8, paused: false }]);
    playing.stop();
    expect(h.made[0]?.paused).toBe(true);
  });

  it('tries a clip that fails again after 300 ms, then 600 ms (docs/product/learn.md#clip-retries)', async () => {
    const h = fakeAudio([decodeError, decodeError]);
    let started = false;
    const playing = playClip('/media/a.mp3', { volume: 50, createAudio: h.createAudio }).then(() => {
      started = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(h.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(299);
    expect(h.made).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(h.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(599);
    expect(h.made).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await playing;
    expect(started).toBe(true);
    expect(h.made.map((audio) => audio.volume)).toEqual([0.5, 0.5, 0.5]);
    expect(h.made.map((audio) => audio.paused)).toEqual([true, true, false]);
  });

  it('gives up after two retries', async () => {
    const h = fakeAudio([decodeError, decodeError, decodeError]);
    const playing = playClip('/media/a.mp3', { volume: 80, createAudio: h.createAudio });
    const outcome = expect(playing).rejects.toThrow('no supported sources');
    await vi.advanceTimersByTimeAsync(900);
    await outcome;
    expect(h.made).toHaveLength(3);
  });

  it('does not retry the browser’s autoplay refusal', async () => {
    const h = fakeAudio([notAllowed]);
    await expect(playClip('/media/a.mp3', { volume: 80, createAudio: h.createAudio })).rejects.toMatchObject({
      name: 'NotAllowedError',
    });
    await vi.advanceTimersByTimeAsync(5_000);
    expect(h.made).toHaveLength(1);
  });
});
