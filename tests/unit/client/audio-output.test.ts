import { describe, expect, it } from 'vitest';
import {
  type AudioContextLike,
  type AudioOutputHost,
  createAudioOutput,
} from '../../../src/client/lib/audio/audio-output';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPAD_AS_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36';

/** A stubbed AudioContext that records what is done with it; iOS starts it suspended. */
function stubContexts() {
  const log: string[] = [];
  const contexts: StubContext[] = [];
  class StubContext implements AudioContextLike {
    state = 'suspended';
    readonly destination = 'speakers';
    constructor() {
      log.push('new AudioContext');
      contexts.push(this);
    }
    resume() {
      log.push('resume');
      this.state = 'running';
      return Promise.resolve();
    }
    createBuffer(channels: number, length: number, sampleRate: number) {
      log.push(`buffer ${channels}×${length} at ${sampleRate}`);
      return { silent: true };
    }
    createBufferSource() {
      return {
        buffer: null as unknown,
        connect: (destination: unknown) => log.push(`connect ${String(destination)}`),
        start: (when?: number) => log.push(`start ${when}`),
      };
    }
  }
  return { StubContext, log, contexts };
}

function host(userAgent: string, options: { platform?: string; maxTouchPoints?: number } = {}) {
  const stub = stubContexts();
  const audioSession = { type: 'auto' };
  const value: AudioOutputHost = {
    navigator: { userAgent, ...options, audioSession },
    AudioContext: stub.StubContext,
  };
  return { value, audioSession, ...stub };
}

describe('the audio output on iOS (docs/product/audiobooks.md#playback)', () => {
  it('declares a playback session and starts an audio context with a silent sample, inside the press', () => {
    const iphone = host(IPHONE_SAFARI);
    const errors: string[] = [];
    createAudioOutput(iphone.value, (message) => errors.push(message)).prepare();
    // All of it synchronously: the press's permission lasts only while it is handled.
    expect(iphone.audioSession.type).toBe('playback');
    expect(iphone.log).toEqual([
      'new AudioContext',
      'resume',
      'buffer 1×1 at 22050',
      'connect speakers',
      'start 0',
    ]);
    expect(errors).toEqual([]);
  });

  it('keeps one context, resuming it only when iOS suspended it again', () => {
    const iphone = host(IPHONE_SAFARI);
    const output = createAudioOutput(iphone.value, () => undefined);
    output.prepare();
    output.prepare();
    expect(iphone.contexts).toHaveLength(1);
    expect(iphone.log.filter((entry) => entry === 'resume')).toHaveLength(1);
    iphone.contexts[0]!.state = 'interrupted';
    output.prepare();
    expect(iphone.log.filter((entry) => entry === 'resume')).toHaveLength(2);
  });

  it('prepares an iPad, which presents itself as a Mac with a touch screen, and the prefixed context', () => {
    const ipad = host(IPAD_AS_MAC, { platform: 'MacIntel', maxTouchPoints: 5 });
    const prefixed: AudioOutputHost = {
      navigator: ipad.value.navigator,
      webkitAudioContext: ipad.StubContext,
    };
    createAudioOutput(prefixed, () => undefined).prepare();
    expect(ipad.audioSession.type).toBe('playback');
    expect(ipad.log).toContain('start 0');
  });

  it('works in an older Safari without the Audio Session API', () => {
    const older = host(IPHONE_SAFARI);
    const withoutSession: AudioOutputHost = {
      navigator: { userAgent: IPHONE_SAFARI },
      AudioContext: older.StubContext,
    };
    createAudioOutput(withoutSession, () => undefined).prepare();
    expect(older.log).toContain('start 0');
  });

  it('touches nothing elsewhere: Android, a desktop Mac, no browser', () => {
    for (const other of [
      host(ANDROID_CHROME),
      host(IPAD_AS_MAC, { platform: 'MacIntel', maxTouchPoints: 0 }),
    ]) {
      createAudioOutput(other.value, () => undefined).prepare();
      expect(other.audioSession.type).toBe('auto');
      expect(other.log).toEqual([]);
    }
    expect(() => createAudioOutput(undefined, () => undefined).prepare()).not.toThrow();
  });

  it('logs a context that cannot start, and does not throw into the press', () => {
    const errors: string[] = [];
    const broken: AudioOutputHost = {
      navigator: { userAgent: IPHONE_SAFARI },
      AudioContext: class {
        readonly state = 'suspended';
        constructor() {
          throw new Error('too many contexts');
        }
      } as unknown as AudioOutputHost['AudioContext'],
    };
    expect(() => createAudioOutput(broken, (message) => errors.push(message)).prepare()).not.toThrow();
    expect(errors).toEqual(['the audio context could not be started']);
  });
});
