import type { PlayerSnapshot, PlayerWord } from './learn-player.types';

/**
 * The engine's snapshot and its listeners (the screen reads it through useSyncExternalStore). Each change
 * makes a new frozen snapshot, and a change of the current word fetches the word after it ahead.
 */
export function createPlayerStore(
  initial: PlayerSnapshot,
  deps: { prefetch: (word: PlayerWord) => void; log: (message: string, error?: unknown) => void },
) {
  let snapshot = initial;
  const listeners = new Set<() => void>();
  let lastPrefetched: PlayerWord | null = null;
  let disposed = false;

  /** The word after the current one in playing order: in play-all, the first word when a loop follows. */
  function followingWord(): PlayerWord | undefined {
    const { words, index, mode, loop, totalLoops } = snapshot;
    if (index + 1 < words.length) return words[index + 1];
    if (mode === 'playAll' && loop < totalLoops && words.length > 1) return words[0];
    return undefined;
  }

  function prefetchFollowing() {
    const word = followingWord();
    // The same word object is not fetched twice; updateWord makes a new one, so it is fetched again.
    if (!word || word === lastPrefetched) return;
    lastPrefetched = word;
    try {
      deps.prefetch(word);
    } catch (error) {
      deps.log('Learn: prefetch failed', error);
    }
  }

  function update(patch: Partial<PlayerSnapshot>) {
    if (disposed) return;
    const next = { ...snapshot, ...patch };
    const keys = Object.keys(patch) as (keyof PlayerSnapshot)[];
    if (keys.every((key) => next[key] === snapshot[key])) return;
    const currentBefore = snapshot.words[snapshot.index];
    snapshot = Object.freeze(next);
    if (snapshot.words[snapshot.index] !== currentBefore) prefetchFollowing();
    for (const listener of [...listeners]) {
      try {
        listener();
      } catch (error) {
        deps.log('Learn: a snapshot listener failed', error);
      }
    }
  }

  return {
    get: () => snapshot,
    update,
    prefetchFollowing,
    subscribe: (listener: () => void) => {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** No change is published any more. */
    dispose: () => {
      disposed = true;
      listeners.clear();
    },
  };
}
export type PlayerStore = ReturnType<typeof createPlayerStore>;
