import { describe, expect, it, vi } from 'vitest';
import type {
  LearnPlayer,
  PlayerSnapshot,
  PlayerWord,
} from '../../../src/client/lib/audio/learn-player.types';
import {
  bindMediaSession,
  type MediaSessionActionName,
  type MediaSessionLike,
} from '../../../src/client/lib/audio/media-session';

const word = (id: number, imageUrl: string | null = null): PlayerWord => ({
  id,
  spanish: `el perro ${id}`,
  russian: `собака ${id} 🐕`,
  example: null,
  exampleTranslation: null,
  attempts: 0,
  audioData: null,
  russianAudioData: null,
  secondVoiceAudioData: null,
  imageUrl,
  isActive: true,
  isSpacedRepetitionDue: false,
});

/** A player whose snapshot the test sets, recording the commands it gets. */
function fakePlayer(words: PlayerWord[]) {
  let snapshot: PlayerSnapshot = {
    words,
    index: 0,
    mode: 'idle',
    loop: 0,
    totalLoops: 1,
    voice: null,
    soundBlocked: false,
    isStarting: false,
  };
  const listeners = new Set<() => void>();
  const commands: string[] = [];
  const record = (name: string) => () => {
    commands.push(name);
  };
  const player: LearnPlayer = {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setWords: record('setWords'),
    setSettings: record('setSettings'),
    goTo: record('goTo'),
    next: record('next'),
    resumeSound: record('resumeSound'),
    previous: record('previous'),
    playCard: record('playCard'),
    togglePlayAll: record('togglePlayAll'),
    stop: record('stop'),
    removeWord: record('removeWord'),
    restoreWord: record('restoreWord'),
    updateWord: record('updateWord'),
    dispose: record('dispose'),
  };
  const set = (patch: Partial<PlayerSnapshot>) => {
    snapshot = { ...snapshot, ...patch };
    for (const listener of listeners) listener();
  };
  return { player, commands, set, listeners };
}

function fakeSession() {
  const handlers = new Map<MediaSessionActionName, (() => void) | null>();
  const session: MediaSessionLike = {
    metadata: null,
    playbackState: 'none',
    setActionHandler: (action, handler) => {
      if (action === 'stop') throw new Error('unsupported action');
      handlers.set(action, handler);
    },
  };
  return { session, handlers };
}

const bind = (player: LearnPlayer, session: MediaSessionLike) =>
  bindMediaSession(player, {
    artwork: (w) => (w.imageUrl ? `https://app.test${w.imageUrl}` : null),
    navigator: { mediaSession: session },
    createMetadata: (init) => ({ ...init }),
  });

describe('media session', () => {
  it('shows the current word as the track and follows the player’s mode', () => {
    const fake = fakePlayer([word(1, '/media/a.png'), word(2)]);
    const { session } = fakeSession();
    bind(fake.player, session);
    expect(session.metadata).toEqual({
      title: 'el perro 1',
      artist: 'собака 1',
      album: 'Palabra',
      artwork: [{ src: 'https://app.test/media/a.png' }],
    });
    expect(session.playbackState).toBe('paused');
    fake.set({ mode: 'playAll' });
    expect(session.playbackState).toBe('playing');
    const shown = session.metadata;
    fake.set({ voice: 'russian' });
    expect(session.metadata).toBe(shown);
    fake.set({ index: 1, mode: 'single' });
    expect(session.metadata).toMatchObject({ title: 'el perro 2', artwork: [] });
    expect(session.playbackState).toBe('playing');
    fake.set({ words: [], index: 0, mode: 'idle' });
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('paused');
  });

  it('lets the controls start play-all, stop, and move between cards', () => {
    const fake = fakePlayer([word(1), word(2)]);
    const { session, handlers } = fakeSession();
    bind(fake.player, session);
    handlers.get('play')?.();
    expect(fake.commands).toEqual(['togglePlayAll']);
    fake.set({ mode: 'playAll' });
    // Play while playing must not toggle play-all off.
    handlers.get('play')?.();
    handlers.get('pause')?.();
    handlers.get('nexttrack')?.();
    handlers.get('previoustrack')?.();
    expect(fake.commands).toEqual(['togglePlayAll', 'stop', 'next', 'previous']);
  });

  it('clears its handlers, metadata and state when unbound, and stops listening', () => {
    const fake = fakePlayer([word(1)]);
    const { session, handlers } = fakeSession();
    const unbind = bind(fake.player, session);
    expect([...handlers.values()].every((handler) => handler !== null)).toBe(true);
    unbind();
    expect([...handlers.values()]).toEqual([null, null, null, null]);
    expect(session.metadata).toBeNull();
    expect(session.playbackState).toBe('none');
    expect(fake.listeners.size).toBe(0);
  });

  it('does nothing in a browser without the Media Session API', () => {
    const fake = fakePlayer([word(1)]);
    const subscribe = vi.spyOn(fake.player, 'subscribe');
    const unbind = bindMediaSession(fake.player, { artwork: () => null, navigator: {} });
    expect(subscribe).not.toHaveBeenCalled();
    expect(() => unbind()).not.toThrow();
  });
});
