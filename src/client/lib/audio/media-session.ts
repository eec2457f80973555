import { spokenText } from '../../../shared/text/spoken-text';
import type { LearnPlayer, PlayerWord } from './learn-player.types';

export type MediaSessionActionName = 'play' | 'pause' | 'stop' | 'nexttrack' | 'previoustrack';

export interface MediaMetadataLike {
  title: string;
  artist: string;
  album: string;
  artwork: { src: string }[];
}

/** The part of navigator.mediaSession used here (a fake stands in for it in unit tests). */
export interface MediaSessionLike {
  metadata: unknown;
  playbackState: 'none' | 'paused' | 'playing';
  setActionHandler(action: MediaSessionActionName, handler: (() => void) | null): void;
}

export interface MediaSessionOptions {
  /** The picture shown on the lock screen, or null for none. */
  artwork(word: PlayerWord): string | null;
  /** What the lock screen names as the album: the book's title in the player; 'Palabra' by default. */
  album?: string;
  /** Defaults to the browser's navigator. */
  navigator?: { mediaSession?: MediaSessionLike | undefined } | undefined;
  /** Defaults to `new MediaMetadata(init)` where it exists, else the plain object. */
  createMetadata?: (init: MediaMetadataLike) => unknown;
}

const ACTIONS: readonly MediaSessionActionName[] = ['play', 'pause', 'stop', 'nexttrack', 'previoustrack'];

function browserNavigator(): MediaSessionOptions['navigator'] {
  if (typeof navigator === 'undefined' || !('mediaSession' in navigator)) return undefined;
  return { mediaSession: navigator.mediaSession as unknown as MediaSessionLike };
}

function browserMetadata(init: MediaMetadataLike): unknown {
  return typeof MediaMetadata === 'undefined' ? init : new MediaMetadata(init);
}

/**
 * Lets the lock screen, headset and notification controls drive the player (Learn's or the audiobook's): the current card's
 * words and picture as the "track", playing/paused from the player's mode, play (starts play-all),
 * pause/stop, next and previous track. Returns the unbinding, which clears what it set. Does nothing in
 * browsers without the Media Session API.
 */
export function bindMediaSession(player: LearnPlayer, options: MediaSessionOptions): () => void {
  const session = (options.navigator ?? browserNavigator())?.mediaSession;
  if (!session) return () => undefined;
  const createMetadata = options.createMetadata ?? browserMetadata;

  const handlers: Record<MediaSessionActionName, () => void> = {
    play: () => {
      if (player.getSnapshot().mode === 'idle') player.togglePlayAll();
    },
    pause: () => player.stop(),
    stop: () => player.stop(),
    nexttrack: () => player.next(),
    previoustrack: () => player.previous(),
  };
  const setHandler = (action: MediaSessionActionName, handler: (() => void) | null) => {
    try {
      session.setActionHandler(action, handler);
    } catch {
      // A browser that does not know an action throws; the others still work.
    }
  };
  for (const action of ACTIONS) setHandler(action, handlers[action]);

  let shownWord: PlayerWord | null | undefined;
  const sync = () => {
    const { words, index, mode } = player.getSnapshot();
    const word = words[index] ?? null;
    if (word !== shownWord) {
      shownWord = word;
      if (word) {
        const picture = options.artwork(word);
        session.metadata = createMetadata({
          title: spokenText(word.spanish),
          artist: spokenText(word.russian),
          album: options.album ?? 'Palabra',
          artwork: picture ? [{ src: picture }] : [],
        });
      } else {
        session.metadata = null;
      }
    }
    session.playbackState = mode === 'idle' ? 'paused' : 'playing';
  };
  sync();
  const unsubscribe = player.subscribe(sync);

  return () => {
    unsubscribe();
    for (const action of ACTIONS) setHandler(action, null);
    session.metadata = null;
    session.playbackState = 'none';
  };
}
