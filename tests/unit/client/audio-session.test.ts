import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AUDIO_SESSION_IDLE_MS,
  bindEmergencyStop,
  createAudioSessions,
} from '../../../src/client/lib/audio/audio-session';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the exclusive audio session (docs/product/audiobooks.md#playback)', () => {
  it('refuses a second owner while one plays, and lets the same owner renew', () => {
    const sessions = createAudioSessions();
    expect(sessions.begin('audiobook', () => undefined)).toBe(true);
    expect(sessions.begin('audio-test', () => undefined)).toBe(false);
    expect(sessions.begin('audiobook', () => undefined)).toBe(true);
    sessions.end('audio-test');
    expect(sessions.owner()).toBe('audiobook');
    sessions.end('audiobook');
    expect(sessions.begin('audio-test', () => undefined)).toBe(true);
  });

  it('ends by itself after 60 s without sound, telling its owner', () => {
    expect(AUDIO_SESSION_IDLE_MS).toBe(60_000);
    const sessions = createAudioSessions();
    const onEnd = vi.fn();
    sessions.begin('audiobook', onEnd);
    vi.advanceTimersByTime(59_000);
    sessions.keepAlive('audiobook');
    vi.advanceTimersByTime(59_999);
    expect(onEnd).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onEnd).toHaveBeenCalledOnce();
    expect(sessions.owner()).toBeNull();
  });

  it('an ended session tells nobody later', () => {
    const sessions = createAudioSessions();
    const onEnd = vi.fn();
    sessions.begin('audiobook', onEnd);
    sessions.end('audiobook');
    vi.advanceTimersByTime(120_000);
    expect(onEnd).not.toHaveBeenCalled();
  });
});

describe('the emergency stop', () => {
  function page() {
    const listeners = new Map<string, () => void>();
    const target = {
      visibilityState: 'visible',
      addEventListener: (type: string, listener: () => void) => listeners.set(type, listener),
      removeEventListener: (type: string) => listeners.delete(type),
    };
    return { target, fire: (type: string) => listeners.get(type)?.(), listeners };
  }

  it('stops on unload always, and on hide unless the learner listens hands-free', () => {
    const win = page();
    const doc = page();
    const stop = vi.fn();
    let isHandsFree = false;
    const unbind = bindEmergencyStop({
      stop,
      keepsPlayingHidden: () => isHandsFree,
      window: win.target,
      document: doc.target,
    });
    doc.target.visibilityState = 'hidden';
    doc.fire('visibilitychange');
    expect(stop).toHaveBeenCalledTimes(1);
    isHandsFree = true;
    doc.fire('visibilitychange');
    expect(stop).toHaveBeenCalledTimes(1);
    win.fire('pagehide');
    expect(stop).toHaveBeenCalledTimes(2);
    unbind();
    expect(win.listeners.size + doc.listeners.size).toBe(0);
  });
});
