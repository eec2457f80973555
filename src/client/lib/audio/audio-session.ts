/**
 * One exclusive audio session at a time (docs/product/audiobooks.md#playback): a screen that plays begins
 * its session, a second owner's start is refused while one runs, and a session without sound for 60 s ends
 * by itself (its owner is told to stop). No React: the player and the audio diagnostics use it, and unit
 * tests drive it with fake timers.
 */

export const AUDIO_SESSION_IDLE_MS = 60_000;

export interface AudioSessions {
  /** Starts (or renews) `owner`'s session; false when another owner's session runs. */
  begin(owner: string, onEnd: () => void): boolean;
  /** Sound is playing in `owner`'s session: its idle time starts again. */
  keepAlive(owner: string): void;
  /** Ends `owner`'s session (nothing when another owner holds the session). */
  end(owner: string): void;
  /** The owner of the running session, or null. */
  owner(): string | null;
}

export function createAudioSessions(options: { idleMs?: number } = {}): AudioSessions {
  const idleMs = options.idleMs ?? AUDIO_SESSION_IDLE_MS;
  interface Session {
    owner: string;
    onEnd: () => void;
    timer?: ReturnType<typeof setTimeout>;
  }
  let current: Session | null = null;

  const arm = (session: Session) => {
    clearTimeout(session.timer);
    session.timer = setTimeout(() => {
      if (current !== session) return;
      current = null;
      session.onEnd();
    }, idleMs);
  };

  return {
    begin(owner, onEnd) {
      if (current && current.owner !== owner) return false;
      if (current) current.onEnd = onEnd;
      else current = { owner, onEnd };
      arm(current);
      return true;
    },
    keepAlive(owner) {
      if (current?.owner === owner) arm(current);
    },
    end(owner) {
      if (current?.owner !== owner) return;
      clearTimeout(current.timer);
      current = null;
    },
    owner: () => current?.owner ?? null,
  };
}

/** The app's sessions: one for every screen that plays. */
export const audioSessions = createAudioSessions();

interface PageEvents {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/**
 * The emergency stop (docs/product/audiobooks.md#playback): the page unloading always silences it; the page
 * hidden silences it unless `keepsPlayingHidden` says the learner is listening hands-free (play-all with
 * the screen off, driven from the lock screen). Returns the unbinding.
 */
export function bindEmergencyStop(options: {
  stop: () => void;
  keepsPlayingHidden: () => boolean;
  window?: PageEvents;
  document?: PageEvents & { visibilityState: string };
}): () => void {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window);
  const doc = options.document ?? (typeof document === 'undefined' ? undefined : document);
  const onPageHide = () => options.stop();
  const onVisibility = () => {
    if (doc?.visibilityState === 'hidden' && !options.keepsPlayingHidden()) options.stop();
  };
  win?.addEventListener('pagehide', onPageHide);
  doc?.addEventListener('visibilitychange', onVisibility);
  return () => {
    win?.removeEventListener('pagehide', onPageHide);
    doc?.removeEventListener('visibilitychange', onVisibility);
  };
}
