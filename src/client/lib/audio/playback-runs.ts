import { sleep } from './abortable-waits';
import type { LearnPlayerDeps, PlaybackTiming, PlayerSettings, PlayerWord } from './learn-player.types';
import type { PlayerStore } from './player-store';
import type { StopDelay } from './stop-delay';

/** One playback: a single card, or play-all. Aborting its controller ends it wherever it is. */
export interface Run {
  controller: AbortController;
  /** False for a single card, and for a play-all that manual navigation demoted to finish its card. */
  playAll: boolean;
  /** The card being loaded or played, cancellable on its own (a removed word stops, play-all goes on). */
  card: { controller: AbortController; wordId: number } | null;
  /**
   * Set when the play-all's word was taken out of the list: it goes on with the word now current (its
   * successor, kept current through later changes of the list) or, when it was last, with the next loop.
   */
  resume: 'current' | 'nextLoop' | null;
}

interface PlaybackRunsContext {
  deps: LearnPlayerDeps;
  timing: PlaybackTiming;
  settings: () => PlayerSettings;
  store: PlayerStore;
  /** One card's playback (card-playback.ts). */
  playCard: (word: PlayerWord, signal: AbortSignal) => Promise<void>;
  stopDelay: StopDelay;
  log: (message: string, error?: unknown) => void;
}

/**
 * The engine's queue (docs/product/learn.md#play-all, docs/product/audiobooks.md#playback): at most one run
 * at a time, a card alone (reading on where the screen's timing says) or play-all with its loops and the
 * learner's pause, each ended at once by its abort.
 */
export function createPlaybackRuns({
  deps,
  timing,
  settings,
  store,
  playCard,
  stopDelay,
  log,
}: PlaybackRunsContext) {
  const { update } = store;
  const now = store.get;
  let run: Run | null = null;
  /** Manual navigation let a sounding card finish: the current card plays once it has. */
  let autoplayAfterRun = false;

  function stopClip() {
    try {
      deps.clipPlayer.stop();
    } catch (error) {
      log('Learn: could not stop the clip player', error);
    }
  }

  /** Ends the running playback at once (see stop-delay.ts for the delay that follows). */
  function cut() {
    autoplayAfterRun = false;
    const current = run;
    run = null;
    if (current) {
      const sounding = current.card !== null;
      current.controller.abort();
      if (sounding) stopDelay.start();
    }
    stopClip();
    update({ mode: 'idle', voice: null, loop: 0, isStarting: false });
  }

  function finishRun(finished: Run) {
    if (run !== finished) return;
    run = null;
    update({ mode: 'idle', voice: null, loop: 0, isStarting: false });
    if (autoplayAfterRun) {
      autoplayAfterRun = false;
      startSingle();
    }
  }

  function newRun(playAll: boolean): Run {
    const created: Run = { controller: new AbortController(), playAll, card: null, resume: null };
    run = created;
    try {
      deps.beforePlayback?.();
    } catch (error) {
      log('Learn: preparing the audio output failed', error);
    }
    return created;
  }

  function launch(started: Run, body: () => Promise<void>) {
    void (async () => {
      try {
        await body();
      } catch (error) {
        log('Learn: playback failed', error);
      }
      finishRun(started);
    })().catch((error: unknown) => log('Learn: playback failed', error));
  }

  /** Plays a card inside a run, as that run's cancellable card. */
  async function playCardIn(current: Run, word: PlayerWord) {
    const controller = new AbortController();
    const abortCard = () => controller.abort();
    current.controller.signal.addEventListener('abort', abortCard, { once: true });
    current.card = { controller, wordId: word.id };
    store.prefetchFollowing();
    try {
      await playCard(word, controller.signal);
    } finally {
      current.controller.signal.removeEventListener('abort', abortCard);
      if (current.card.controller === controller) current.card = null;
      update({ voice: null });
      // The run's first item is over, heard or not, and so is its start (a cut run's late end leaves the
      // next run's start alone).
      if (run === current) update({ isStarting: false });
    }
  }

  function startSingle() {
    const word = now().words[now().index];
    if (!word) return;
    const started = newRun(false);
    update({ mode: 'single', loop: 0, voice: null, isStarting: true });
    launch(started, async () => {
      await playCardIn(started, word);
      // An item played alone reads on with autoplay, to the end of the list and without loops.
      const signal = started.controller.signal;
      const readsOn = () => timing.readsOn && settings().autoplayAudio && run === started && !signal.aborted;
      while (readsOn() && now().index + 1 < now().words.length) {
        await sleep(timing.itemGapMs, signal);
        if (!readsOn()) return;
        update({ index: now().index + 1 });
        const next = now().words[now().index];
        if (!next) return;
        await playCardIn(started, next);
      }
    });
  }

  function startPlayAll() {
    if (now().words.length === 0) return;
    const started = newRun(true);
    update({
      mode: 'playAll',
      loop: 1,
      totalLoops: Math.max(1, settings().loopPlayAll),
      voice: null,
      isStarting: true,
    });
    launch(started, async () => {
      const signal = started.controller.signal;
      // Stopped, or demoted by manual navigation to finish only its sounding card.
      const goesOn = () => !signal.aborted && started.playAll;
      for (;;) {
        const word = now().words[now().index];
        if (!word) return;
        await playCardIn(started, word);
        if (!goesOn()) return;
        // The learner's pause between cards comes on top of the gap (docs/product/settings.md#play-all-delay).
        await sleep(timing.itemGapMs + settings().playAllPauseMs, signal);
        if (!goesOn()) return;
        let next =
          started.resume === 'current'
            ? now().index
            : started.resume === 'nextLoop'
              ? now().words.length
              : now().index + 1;
        started.resume = null;
        let loop = now().loop;
        if (next >= now().words.length) {
          if (loop >= now().totalLoops || now().words.length === 0) return;
          loop += 1;
          next = 0;
        }
        update({ index: next, loop });
      }
    });
  }

  return {
    /** The run playing now, if any. */
    current: () => run,
    stopClip,
    cut,
    startSingle,
    startPlayAll,
    /** Manual navigation while a card sounds: it finishes, play-all stops after it, and autoplay plays on. */
    finishCardThenAutoplay: (current: Run) => {
      current.playAll = false;
      autoplayAfterRun = settings().autoplayAudio;
    },
  };
}
