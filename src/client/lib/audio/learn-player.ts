import { settingsDefaults } from '../../../shared/api/settings';
import { cardSpokenTexts } from '../../../shared/text/spoken-text';
import { mediaSource } from '../media-source';
import type {
  CardClips,
  LearnPlayer,
  LearnPlayerDeps,
  PlayerSettings,
  PlaybackTiming,
  PlayerSnapshot,
  PlayerWord,
  VoiceSlot,
} from './learn-player.types';
import { CLIP_RETRIES, isAutoplayBlocked, retryDelayMs } from './clip-retry';
import { playerSettingsOf } from './player-settings';
import { voicesToPlay } from './voice-plan';
import { gainOf } from './volume';

/**
 * Timing (docs/product/learn.md#timing):
 * - VOICE_TIMEOUT_MS: a voice that has not started within 10 s is skipped. Once it starts, it may run
 *   for its duration plus 10 s; when the browser cannot tell the duration, for 10 s more from the
 *   start (card clips are a word or one sentence, a few seconds long). The speech fallback gets 10 s in
 *   all. A voice cut by its limit is stopped and playback goes on with the next one.
 * - VOICE_GAP_MS: silence between two voices of a card that were tried (a voice without a clip is
 *   skipped without a gap).
 * - CARD_GAP_MS: silence between two cards of play-all; the step from the last card of a loop to the
 *   first card of the next is the same single 50 ms gap (the spec's "gap between loops").
 * - STOP_DELAY_MS: see `startQuiet` below.
 * - A clip that fails before it was heard is tried again twice, 300 ms × attempt apart (clip-retry.ts);
 *   each attempt has its own voice limit, and the waits count in none of them.
 */
export const VOICE_TIMEOUT_MS = 10_000;
export const VOICE_GAP_MS = 50;
export const CARD_GAP_MS = 50;
export const STOP_DELAY_MS = 100;
export const SPEECH_FALLBACK_RATE = 0.8;

export const LEARN_TIMING: PlaybackTiming = {
  voiceTimeoutMs: VOICE_TIMEOUT_MS,
  voiceGapMs: VOICE_GAP_MS,
  itemGapMs: CARD_GAP_MS,
  requiresFirstVoice: false,
  speaksOnFailure: true,
  readsOn: false,
  playAllPress: 'togglesPlayAll',
};

/**
 * The audiobook player's timing (docs/product/audiobooks.md#playback): 8 s per clip, 10 ms between clips,
 * the next sentence 1 s after one ends (in play-all, and after a sentence played alone when autoplay is on);
 * a sentence without its first Spanish clip is skipped, and a clip that fails is skipped rather than read by
 * speech synthesis. The play-all button stops whatever plays, and a second press while a playback is
 * starting is ignored.
 */
export const AUDIOBOOK_TIMING: PlaybackTiming = {
  voiceTimeoutMs: 8_000,
  voiceGapMs: 10,
  itemGapMs: 1_000,
  requiresFirstVoice: true,
  speaksOnFailure: false,
  readsOn: true,
  playAllPress: 'stopsAnything',
};

export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = playerSettingsOf(settingsDefaults);

/** Fields whose change makes the loaded clips of a word wrong: its texts and its clips. */
const SPOKEN_FIELDS: readonly (keyof PlayerWord)[] = [
  'spanish',
  'russian',
  'example',
  'exampleTranslation',
  'audioData',
  'russianAudioData',
  'secondVoiceAudioData',
];

/** One playback: a single card, or play-all. Aborting its controller ends it wherever it is. */
interface Run {
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

type Outcome =
  { kind: 'done' } | { kind: 'failed'; error: unknown } | { kind: 'timeout' } | { kind: 'aborted' };

/** Resolves after `ms`, or at once when the signal aborts; its timer never outlives the abort. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) {
      resolve();
      return;
    }
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
  });
}

type Settled<T> = { kind: 'value'; value: T } | { kind: 'failed'; error: unknown } | { kind: 'aborted' };

/** How the promise ended, or `aborted` as soon as the signal aborts (the promise's own end is then ignored). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<Settled<T>> {
  return new Promise((resolve) => {
    const onAbort = () => resolve({ kind: 'aborted' });
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'value', value });
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        resolve({ kind: 'failed', error });
      },
    );
  });
}

/**
 * Runs one voice (a clip or the speech fallback) under the per-voice limit. The task gets its own
 * signal, aborted when the limit passes or the card stops, and may move the deadline once it knows
 * how long it will take.
 */
function limited(
  timeoutMs: number,
  signal: AbortSignal,
  task: (voiceSignal: AbortSignal, setDeadline: (ms: number) => void) => Promise<void>,
): Promise<Outcome> {
  return new Promise((resolve) => {
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;
    const settle = (outcome: Outcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal.removeEventListener('abort', onAbort);
      if (outcome.kind === 'timeout' || outcome.kind === 'aborted') controller.abort();
      resolve(outcome);
    };
    const onAbort = () => settle({ kind: 'aborted' });
    const setDeadline = (ms: number) => {
      if (settled) return;
      clearTimeout(timer);
      timer = setTimeout(() => settle({ kind: 'timeout' }), ms);
    };
    if (signal.aborted) {
      settle({ kind: 'aborted' });
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    setDeadline(timeoutMs);
    try {
      task(controller.signal, setDeadline).then(
        () => settle({ kind: 'done' }),
        (error: unknown) => settle({ kind: 'failed', error }),
      );
    } catch (error) {
      settle({ kind: 'failed', error });
    }
  });
}

/** Read through a call: an await can abort the signal, which TypeScript's narrowing does not see. */
const isAborted = (signal: AbortSignal) => signal.aborted;

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length - 1));

export function createLearnPlayer(
  deps: LearnPlayerDeps,
  initial: { words?: readonly PlayerWord[]; settings?: PlayerSettings; index?: number } = {},
): LearnPlayer {
  const timing = deps.timing ?? LEARN_TIMING;
  let settings: PlayerSettings = initial.settings ?? DEFAULT_PLAYER_SETTINGS;
  let snapshot: PlayerSnapshot = {
    words: [],
    index: 0,
    mode: 'idle',
    loop: 0,
    totalLoops: Math.max(1, settings.loopPlayAll),
    voice: null,
    soundBlocked: false,
    isStarting: false,
  };
  const listeners = new Set<() => void>();
  let run: Run | null = null;
  /** Manual navigation let a sounding card finish: the current card plays once it has. */
  let autoplayAfterRun = false;
  let quiet: { timer: ReturnType<typeof setTimeout>; done: Promise<void>; release: () => void } | null = null;
  let lastPrefetched: PlayerWord | null = null;
  /** The voice the browser refused to start, waiting for the learner's tap (resumeSound). */
  let blocked: { resume: () => void } | null = null;
  let disposed = false;

  const log = (message: string, error?: unknown) => {
    try {
      deps.log(message, error);
    } catch {
      // Logging must never stop playback.
    }
  };

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
      log('Learn: prefetch failed', error);
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
        log('Learn: a snapshot listener failed', error);
      }
    }
  }

  /**
   * The 100 ms stop delay. Cutting a card that was loading or sounding (stop(), a card switch with
   * audioSwitchBehavior 'stop', playing another card, hiding the sounding word) aborts it and stops
   * the clip at once, and the snapshot goes idle at once; what waits is the next voice: any card that
   * starts within 100 ms of the cut loads its clips meanwhile but starts its first voice only when the
   * 100 ms have passed, so the tail of the cut clip never overlaps it.
   */
  function startQuiet() {
    quiet?.release();
    let release: () => void = () => undefined;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const entry = {
      timer: setTimeout(() => {
        if (quiet === entry) quiet = null;
        release();
      }, STOP_DELAY_MS),
      done,
      release: () => {
        clearTimeout(entry.timer);
        release();
      },
    };
    quiet = entry;
  }

  async function waitQuiet(signal: AbortSignal) {
    if (quiet) await untilAborted(quiet.done, signal);
  }

  /** Ends the running playback at once (see startQuiet for the delay that follows). */
  function cut() {
    autoplayAfterRun = false;
    const current = run;
    run = null;
    if (current) {
      const sounding = current.card !== null;
      current.controller.abort();
      if (sounding) startQuiet();
    }
    try {
      deps.clipPlayer.stop();
    } catch (error) {
      log('Learn: could not stop the clip player', error);
    }
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

  /**
   * Waits, at a voice the browser refused to start, for the learner's tap (docs/product/learn.md#sound-blocked).
   * The tap calls `restart` synchronously, inside its own event, so the browser lets the clip sound; the
   * attempt it started is handed back (wrapped: a promise resolved with a promise would adopt it). Null when
   * the card stops meanwhile.
   */
  function untilSoundAllowed(
    signal: AbortSignal,
    restart: () => Promise<Outcome>,
  ): Promise<{ attempt: Promise<Outcome> } | null> {
    return new Promise((resolve) => {
      if (signal.aborted) {
        resolve(null);
        return;
      }
      const entry = {
        resume: () => {
          signal.removeEventListener('abort', onAbort);
          resolve({ attempt: restart() });
        },
      };
      const onAbort = () => {
        if (blocked === entry) {
          blocked = null;
          update({ soundBlocked: false });
        }
        resolve(null);
      };
      blocked = entry;
      signal.addEventListener('abort', onAbort, { once: true });
      // Waiting for the learner's tap is not a start in progress: the play-all button stops it again.
      update({ soundBlocked: true, isStarting: false });
    });
  }

  /**
   * Plays one voice under its limit; true when it was heard. A clip that fails before it is heard is
   * tried again (docs/product/learn.md#clip-retries), then falls back to speech; one the browser refuses
   * to start waits for the learner's tap.
   */
  async function playVoice(slot: VoiceSlot, source: string, text: string, signal: AbortSignal) {
    // Set from the clip player's callback, hence widened: TypeScript would keep the initial `false`.
    let started = false as boolean;
    const attempt = () =>
      limited(timing.voiceTimeoutMs, signal, (voiceSignal, setDeadline) =>
        deps.clipPlayer.play(source, {
          signal: voiceSignal,
          // Read at each attempt, so a volume changed in the middle of a play-all applies to the next clip.
          volume: gainOf(settings.volume),
          onStart: (durationMs) => {
            if (started || voiceSignal.aborted) return;
            started = true;
            update({ voice: slot, isStarting: false });
            setDeadline(
              Number.isFinite(durationMs) && durationMs > 0
                ? durationMs + timing.voiceTimeoutMs
                : timing.voiceTimeoutMs,
            );
          },
        }),
      );
    let pending = attempt();
    let retries = 0;
    for (;;) {
      const outcome = await pending;
      update({ voice: null });
      if (outcome.kind === 'failed' && !started && isAutoplayBlocked(outcome.error)) {
        log(`Learn: the browser refused to start the ${slot} clip; waiting for a tap`, outcome.error);
        const resumed = await untilSoundAllowed(signal, attempt);
        if (resumed === null) return false;
        pending = resumed.attempt;
        continue;
      }
      if (outcome.kind === 'failed' && !started && retries < CLIP_RETRIES) {
        retries += 1;
        log(`Learn: the ${slot} clip could not be played; trying again (${retries})`, outcome.error);
        await sleep(retryDelayMs(retries), signal);
        if (isAborted(signal)) return false;
        pending = attempt();
        continue;
      }
      switch (outcome.kind) {
        case 'done':
          return true;
        case 'aborted':
          return started;
        case 'timeout':
          log(
            started
              ? `Learn: the ${slot} voice did not end in time; cut`
              : `Learn: the ${slot} voice did not start within ${timing.voiceTimeoutMs} ms; skipped`,
          );
          return started;
        case 'failed':
          log(`Learn: the ${slot} clip could not be played`, outcome.error);
          // A clip that broke off after it was heard is not read again by the speech fallback.
          return started || (timing.speaksOnFailure && speak(slot, text, signal));
      }
    }
  }

  async function speak(slot: VoiceSlot, text: string, signal: AbortSignal) {
    if (text === '' || signal.aborted) return false;
    update({ voice: slot, isStarting: false });
    const outcome = await limited(timing.voiceTimeoutMs, signal, (speechSignal) =>
      deps.speech.speak(text, {
        lang: slot === 'russian' ? 'ru-RU' : 'es-ES',
        rate: SPEECH_FALLBACK_RATE,
        volume: gainOf(settings.volume),
        signal: speechSignal,
      }),
    );
    update({ voice: null });
    switch (outcome.kind) {
      case 'done':
        return true;
      case 'aborted':
        return false;
      case 'timeout':
        log(`Learn: the ${slot} speech fallback did not end within ${timing.voiceTimeoutMs} ms; cut`);
        return false;
      case 'failed':
        log(`Learn: the ${slot} speech fallback failed`, outcome.error);
        return false;
    }
  }

  /** Loads and plays one card's voices; reports it played when a voice was heard and it was not stopped. */
  async function playCard(word: PlayerWord, signal: AbortSignal) {
    let loaded: Settled<CardClips>;
    try {
      loaded = await untilAborted(deps.loadClips(word, signal), signal);
    } catch (error) {
      loaded = { kind: 'failed', error };
    }
    if (loaded.kind === 'aborted') return;
    if (loaded.kind === 'failed') {
      // docs/product/learn.md#speech-fallback: with no audio, playback ends silently (no speech fallback).
      log(`Learn: audio of word ${word.id} could not be loaded`, loaded.error);
      return;
    }
    const clips = loaded.value;
    await waitQuiet(signal);
    const texts = cardSpokenTexts(word);
    if (timing.requiresFirstVoice && mediaSource(clips.spanish1, 'audio') === null) {
      log(`Learn: item ${word.id} has no first Spanish clip; skipped`);
      return;
    }
    let tried = false;
    let heard = false;
    for (const slot of voicesToPlay(word.attempts, settings)) {
      if (signal.aborted) return;
      const source = mediaSource(clips[slot], 'audio');
      if (source === null) {
        log(`Learn: word ${word.id} has no ${slot} clip; skipped`);
        continue;
      }
      if (tried) {
        await sleep(timing.voiceGapMs, signal);
        if (isAborted(signal)) return;
      }
      tried = true;
      const text = slot === 'russian' ? texts.russian : texts.spanish;
      if (await playVoice(slot, source, text, signal)) heard = true;
    }
    if (signal.aborted || !heard) return;
    const latest = snapshot.words.find((candidate) => candidate.id === word.id) ?? word;
    // The listen is counted here, so the next play of the word already fades its Russian voice at the
    // threshold; the screen only saves it.
    const counted = { ...latest, attempts: latest.attempts + 1 };
    if (snapshot.words.includes(latest)) {
      update({ words: snapshot.words.map((candidate) => (candidate === latest ? counted : candidate)) });
    }
    try {
      deps.onCardPlayed(counted);
    } catch (error) {
      log('Learn: onCardPlayed failed', error);
    }
  }

  /** Plays a card inside a run, as that run's cancellable card. */
  async function playCardIn(current: Run, word: PlayerWord) {
    const controller = new AbortController();
    const abortCard = () => controller.abort();
    current.controller.signal.addEventListener('abort', abortCard, { once: true });
    current.card = { controller, wordId: word.id };
    prefetchFollowing();
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
    const word = snapshot.words[snapshot.index];
    if (!word) return;
    const started = newRun(false);
    update({ mode: 'single', loop: 0, voice: null, isStarting: true });
    launch(started, async () => {
      await playCardIn(started, word);
      // An item played alone reads on with autoplay, to the end of the list and without loops.
      const signal = started.controller.signal;
      const readsOn = () => timing.readsOn && settings.autoplayAudio && run === started && !signal.aborted;
      while (readsOn() && snapshot.index + 1 < snapshot.words.length) {
        await sleep(timing.itemGapMs, signal);
        if (!readsOn()) return;
        update({ index: snapshot.index + 1 });
        const next = snapshot.words[snapshot.index];
        if (!next) return;
        await playCardIn(started, next);
      }
    });
  }

  function startPlayAll() {
    if (snapshot.words.length === 0) return;
    const started = newRun(true);
    update({
      mode: 'playAll',
      loop: 1,
      totalLoops: Math.max(1, settings.loopPlayAll),
      voice: null,
      isStarting: true,
    });
    launch(started, async () => {
      const signal = started.controller.signal;
      // Stopped, or demoted by manual navigation to finish only its sounding card.
      const goesOn = () => !signal.aborted && started.playAll;
      for (;;) {
        const word = snapshot.words[snapshot.index];
        if (!word) return;
        await playCardIn(started, word);
        if (!goesOn()) return;
        // The learner's pause between cards comes on top of the gap (docs/product/settings.md#play-all-delay).
        await sleep(timing.itemGapMs + settings.playAllPauseMs, signal);
        if (!goesOn()) return;
        let next =
          started.resume === 'current'
            ? snapshot.index
            : started.resume === 'nextLoop'
              ? snapshot.words.length
              : snapshot.index + 1;
        started.resume = null;
        let loop = snapshot.loop;
        if (next >= snapshot.words.length) {
          if (loop >= snapshot.totalLoops || snapshot.words.length === 0) return;
          loop += 1;
          next = 0;
        }
        update({ index: next, loop });
      }
    });
  }

  /**
   * Manual navigation (docs/product/learn.md#play-all): stops play-all; the switch behaviour decides about
   * the sound.
   */
  function navigate(target: number) {
    if (disposed || snapshot.words.length === 0 || !Number.isFinite(target)) return;
    const index = clampIndex(Math.trunc(target), snapshot.words.length);
    if (index === snapshot.index) return;
    const current = run;
    if (current?.card && settings.audioSwitchBehavior !== 'stop') {
      // The sounding card finishes; play-all does not go on after it.
      current.playAll = false;
      update({ index, mode: 'single', loop: 0 });
      autoplayAfterRun = settings.autoplayAudio;
      return;
    }
    cut();
    update({ index });
    if (settings.autoplayAudio) startSingle();
  }

  function applyWords(words: readonly PlayerWord[]) {
    const { index: oldIndex } = snapshot;
    const currentWord = snapshot.words[oldIndex];
    const found = currentWord ? words.findIndex((word) => word.id === currentWord.id) : -1;
    const index = found >= 0 ? found : clampIndex(oldIndex, words.length);
    const current = run;
    if (current?.playAll && currentWord && found < 0) {
      // The word at the play-all's place left the list: it goes on with the word now there.
      current.resume = oldIndex < words.length ? 'current' : 'nextLoop';
    }
    const sounding = current?.card;
    if (sounding && !words.some((word) => word.id === sounding.wordId)) {
      // The sounding word left the list (hidden): its card stops; a single play ends with it.
      sounding.controller.abort();
      try {
        deps.clipPlayer.stop();
      } catch (error) {
        log('Learn: could not stop the clip player', error);
      }
      startQuiet();
    }
    update({ words, index });
  }

  function setSettings(next: PlayerSettings) {
    settings = next;
    if (snapshot.mode !== 'playAll') update({ totalLoops: Math.max(1, next.loopPlayAll) });
  }

  if (initial.words) applyWords(initial.words);
  // A restored position is not a navigation: nothing plays.
  if (initial.index !== undefined && snapshot.words.length > 0 && Number.isFinite(initial.index)) {
    update({ index: clampIndex(Math.trunc(initial.index), snapshot.words.length) });
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      if (disposed) return () => undefined;
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setWords(words) {
      if (!disposed) applyWords(words);
    },
    setSettings(next) {
      if (!disposed) setSettings(next);
    },
    goTo: navigate,
    next: () => navigate(snapshot.index + 1),
    previous: () => navigate(snapshot.index - 1),
    playCard() {
      if (disposed || snapshot.words.length === 0) return;
      cut();
      startSingle();
    },
    togglePlayAll() {
      if (disposed) return;
      if (timing.playAllPress === 'stopsAnything') {
        // docs/product/audiobooks.md#playback: a second press while a start is in progress is ignored, and
        // a press while anything plays stops it all.
        if (snapshot.isStarting) return;
        if (snapshot.mode !== 'idle') {
          cut();
          return;
        }
      } else if (snapshot.mode === 'playAll') {
        cut();
        return;
      }
      if (snapshot.words.length === 0) return;
      cut();
      startPlayAll();
    },
    stop() {
      if (!disposed) cut();
    },
    resumeSound() {
      const entry = blocked;
      if (disposed || !entry) return;
      blocked = null;
      update({ soundBlocked: false });
      entry.resume();
    },
    removeWord(wordId) {
      if (disposed || !snapshot.words.some((word) => word.id === wordId)) return;
      applyWords(snapshot.words.filter((word) => word.id !== wordId));
    },
    restoreWord(word, position) {
      if (disposed || snapshot.words.some((candidate) => candidate.id === word.id)) return;
      const at = Math.max(0, Math.min(Math.trunc(position), snapshot.words.length));
      applyWords([...snapshot.words.slice(0, at), word, ...snapshot.words.slice(at)]);
      if (snapshot.mode === 'idle') update({ index: at });
    },
    updateWord(wordId, changes) {
      if (disposed) return;
      if (SPOKEN_FIELDS.some((field) => field in changes)) {
        try {
          deps.forgetClips(wordId);
        } catch (error) {
          log('Learn: forgetClips failed', error);
        }
      }
      const position = snapshot.words.findIndex((candidate) => candidate.id === wordId);
      const latest = snapshot.words[position];
      if (!latest) return;
      // Merged onto the word as it is now, so a listen counted meanwhile is kept.
      const changed = { ...latest, ...changes, id: wordId };
      update({ words: snapshot.words.map((candidate, at) => (at === position ? changed : candidate)) });
    },
    dispose() {
      if (disposed) return;
      cut();
      quiet?.release();
      quiet = null;
      disposed = true;
      listeners.clear();
    },
  };
}
