/**
 * The Learn screen's playback engine, seen from outside (docs/product/learn.md#play-all,
 * docs/product/learn.md#speech-fallback, docs/product/learn.md#timing, docs/product/learn.md#clip-retries,
 * docs/product/learn.md#sound-blocked). No React: the screen subscribes to snapshots (useSyncExternalStore)
 * and calls the commands; the engine owns timing (10 s per voice, 50 ms between voices and loops, 100 ms
 * stop delay, 300 ms × attempt before a retry) and is unit-tested with fake timers through the injected clip
 * player, speech fallback and audio loader.
 */

import type { SettingsValues } from '../../../shared/api/settings';

/** Voice order on every card: first Spanish voice, Russian voice, second Spanish voice. */
export type VoiceSlot = 'spanish1' | 'russian' | 'spanish2';
export const VOICE_ORDER: readonly VoiceSlot[] = ['spanish1', 'russian', 'spanish2'];

export type CardClips = Record<VoiceSlot, string | null>;

export interface PlayerWord {
  id: number;
  spanish: string;
  russian: string;
  example: string | null;
  exampleTranslation: string | null;
  /** The listen count (spec: `attempts`). */
  attempts: number;
  /** Clip sources as the list carries them (`/media/…` paths); null when the card has none yet. */
  audioData: string | null;
  russianAudioData: string | null;
  secondVoiceAudioData: string | null;
  imageUrl: string | null;
  isActive: boolean;
  /** In the list because its spaced-repetition interval has come (GET /api/words/spaced-repetition). */
  isSpacedRepetitionDue: boolean;
  /** For the card's display only; the engine never reads them. */
  highlightedSpanishWord?: string | null;
  highlightedRussianWord?: string | null;
  disabledAt?: string | null;
  /** Kept without a translation (docs/product/upload.md#spanish-only-lines): the card says so. */
  needsTranslation?: boolean;
}

/**
 * The shared settings the engine reads (docs/product/settings.md#defaults):
 * - loopPlayAll: 0 (off) plays the list once, like 1.
 * - audioSwitchBehavior: 'stop' (default): switching cards cuts the sounding card; 'continue' lets it finish.
 * - bilingualPlayback: the screen's own switch (`bilingualPlaybackLearn` in Learn,
 *   `bilingualPlaybackAudiobook` in the player); with automaticBilingual 'disabled', whether the Russian
 *   voice plays at all.
 * - automaticBilingual: other than 'disabled', the Russian voice plays until the listen count reaches
 *   that mode's threshold (listenThresholdWarning, listenThresholdSafe, listenThresholdAuto).
 * - volume: 0–100, the level of every clip and of the speech fallback (docs/product/learn.md#volume).
 */
export type PlayerSettings = Pick<
  SettingsValues,
  | 'loopPlayAll'
  | 'autoplayAudio'
  | 'audioSwitchBehavior'
  | 'automaticBilingual'
  | 'listenThresholdWarning'
  | 'listenThresholdSafe'
  | 'listenThresholdAuto'
  | 'volume'
> & {
  bilingualPlayback: boolean;
  /**
   * Silence after each card of play-all beyond the screen's item gap: Learn's `playAllDelay` in ms
   * (docs/product/settings.md#play-all-delay), 0 for the audiobook player.
   */
  playAllPauseMs: number;
};

/**
 * What differs between the two screens the engine plays (docs/product/learn.md#timing,
 * docs/product/audiobooks.md#playback):
 * - voiceTimeoutMs: a voice that has not started within it is skipped; once started it may run its
 *   duration plus this.
 * - voiceGapMs: silence between two voices of an item that were tried.
 * - itemGapMs: silence between two items of play-all (and from the last item of a loop to the first).
 * - requiresFirstVoice: an item whose first Spanish clip cannot be had is skipped whole.
 * - speaksOnFailure: a clip that cannot be played is read by the browser's speech synthesis instead;
 *   otherwise it is skipped.
 * - readsOn: with autoplayAudio, an item played alone is followed by the next one (itemGapMs later), to
 *   the end of the list and without loops, as a book reads on.
 * - playAllPress: what a press of play-all does while something plays. 'togglesPlayAll' (Learn): it stops a
 *   running play-all, and a card playing alone gives way to play-all. 'stopsAnything' (the audiobook): it
 *   stops whatever plays, and is ignored while a playback is starting (`isStarting`).
 */
export interface PlaybackTiming {
  voiceTimeoutMs: number;
  voiceGapMs: number;
  itemGapMs: number;
  requiresFirstVoice: boolean;
  speaksOnFailure: boolean;
  readsOn: boolean;
  playAllPress: 'togglesPlayAll' | 'stopsAnything';
}

export type AutomaticBilingual = PlayerSettings['automaticBilingual'];

export type PlaybackMode = 'idle' | 'single' | 'playAll';

export interface PlayerSnapshot {
  words: readonly PlayerWord[];
  index: number;
  mode: PlaybackMode;
  /** 1-based loop of the running play-all; 0 when play-all is not running. */
  loop: number;
  /** How many loops this play-all runs (max(1, loopPlayAll)). */
  totalLoops: number;
  /** The voice sounding now, null between voices and when idle. */
  voice: VoiceSlot | null;
  /**
   * A playback was started and nothing of it has sounded yet: its first item is loading or starting. It ends
   * when the first voice sounds, when that first item is over (played, skipped or failed), when the browser
   * refuses the sound (the learner is asked to tap), or when playback stops.
   */
  isStarting: boolean;
  /**
   * The browser refused to start a clip until the learner interacts with the page (autoplay policy):
   * playback waits at that voice until `resumeSound` (docs/product/learn.md#sound-blocked).
   */
  soundBlocked: boolean;
}

/** Commands are plain functions (no `this`), so the screen can hand them to buttons and keys as they are. */
export interface LearnPlayer {
  getSnapshot: () => PlayerSnapshot;
  subscribe: (listener: () => void) => () => void;
  /** A new list: the current word stays current when it is still there, else the index is clamped. */
  setWords: (words: readonly PlayerWord[]) => void;
  setSettings: (settings: PlayerSettings) => void;
  /**
   * Manual navigation (buttons, keys, slider): stops play-all; with audioSwitchBehavior 'stop' the
   * sounding card stops, and with autoplayAudio the new card plays. The slider calls it only when
   * play-all is not running (the screen enforces that).
   */
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  /** Plays the current card once (any playback stops first). */
  playCard: () => void;
  /**
   * The play-all button: starts play-all from the current card when nothing plays. While something plays,
   * `timing.playAllPress` decides: Learn stops a running play-all (a card playing alone gives way to
   * play-all); the audiobook stops whatever plays, and ignores the press while a playback is starting.
   */
  togglePlayAll: () => void;
  /** Cancels all audio and resets to idle. */
  stop: () => void;
  /**
   * The learner tapped the 'tap to start sound' prompt: the refused voice is played again at once (inside
   * the tap, which is what lets the browser start it) and playback goes on from there.
   */
  resumeSound: () => void;
  /**
   * Takes a word out of the list (hidden or auto-hidden) and shows the card now at its place (the next
   * one; the previous one when it was last). Playback of that word stops; a running play-all goes on.
   */
  removeWord: (wordId: number) => void;
  /**
   * Puts a removed word back at its former place (an undone hide). When nothing plays its card is shown
   * again, without playing; a card or a play-all that sounds goes on where it is.
   */
  restoreWord: (word: PlayerWord, position: number) => void;
  /**
   * Changes some of a word's fields (a new phrase, picture or clips, a finished spaced-repetition step),
   * merged onto the word as it is now; a change of its texts or clips forgets its loaded audio.
   */
  updateWord: (wordId: number, changes: Partial<Omit<PlayerWord, 'id'>>) => void;
  dispose: () => void;
}

export interface ClipPlayer {
  /**
   * Plays a source to its end. `onStart` receives the clip's duration in ms (NaN when unknown) once it
   * sounds. `volume` is the element's level, 0–1. Rejects when the clip cannot be played (with the
   * browser's `NotAllowedError` when autoplay is refused); resolves early when the signal aborts.
   */
  play(
    source: string,
    options: { signal: AbortSignal; volume: number; onStart: (durationMs: number) => void },
  ): Promise<void>;
  /** Warms the browser cache so the clip starts at once later. */
  preload(source: string): void;
  stop(): void;
}

export interface SpeechFallback {
  /**
   * Reads text with the browser's speech synthesis: resolves when it was read or when the signal aborts;
   * rejects when it could not be read (no speech synthesis, an error), so silence never counts as heard.
   */
  speak(
    text: string,
    options: { lang: 'es-ES' | 'ru-RU'; rate: number; volume: number; signal: AbortSignal },
  ): Promise<void>;
}

export interface LearnPlayerDeps {
  /** Learn's when absent. */
  timing?: PlaybackTiming;
  clipPlayer: ClipPlayer;
  speech: SpeechFallback;
  /** The word's three clip sources, loaded or made on demand; null for a voice that could not be had. */
  loadClips(word: PlayerWord, signal: AbortSignal): Promise<CardClips>;
  /** Forgets a word's loaded clips (after regenerate-audio or a new phrase). */
  forgetClips(wordId: number): void;
  /** Fetches the card after the current one ahead (its clips and picture), so it starts at once. */
  prefetch(word: PlayerWord): void;
  /**
   * A card was played through with at least one voice heard (not stopped part-way). The engine has
   * counted the listen: the word given, like the one in the list, has `attempts` one higher.
   */
  onCardPlayed(word: PlayerWord): void;
  /** Failures are only logged (docs/product/learn.md#speech-fallback); playback goes on. */
  log(message: string, error?: unknown): void;
  /**
   * Called synchronously as any playback starts, so still inside the learner's press, before the first clip
   * is loaded or played: the audiobook prepares iOS's audio session there (audio-output.ts).
   */
  beforePlayback?(): void;
}
