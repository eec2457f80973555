import { settingsDefaults } from '../../../shared/api/settings';
import { createCardPlayback } from './card-playback';
import { createPlaybackRuns } from './playback-runs';
import { LEARN_TIMING } from './learn-timing';
import type { LearnPlayer, LearnPlayerDeps, PlayerSettings, PlayerWord } from './learn-player.types';
import { playerSettingsOf } from './player-settings';
import { createPlayerStore } from './player-store';
import { createSoundGate } from './sound-gate';
import { createStopDelay } from './stop-delay';

/**
 * The one player engine of Learn and the audiobook player (docs/product/learn.md#play-all,
 * docs/product/audiobooks.md#playback): the queue (a card alone, play-all with its loops, manual navigation,
 * a list that changes under it) and its abort, over one card's playback (card-playback.ts). What differs
 * between the screens is their timing table: learn-timing.ts, audiobook-timing.ts.
 */

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

const clampIndex = (index: number, length: number) => Math.max(0, Math.min(index, length - 1));

export function createLearnPlayer(
  deps: LearnPlayerDeps,
  initial: { words?: readonly PlayerWord[]; settings?: PlayerSettings; index?: number } = {},
): LearnPlayer {
  const timing = deps.timing ?? LEARN_TIMING;
  let settings: PlayerSettings = initial.settings ?? DEFAULT_PLAYER_SETTINGS;
  let disposed = false;

  const log = (message: string, error?: unknown) => {
    try {
      deps.log(message, error);
    } catch {
      // Logging must never stop playback.
    }
  };
  const store = createPlayerStore(
    {
      words: [],
      index: 0,
      mode: 'idle',
      loop: 0,
      totalLoops: Math.max(1, settings.loopPlayAll),
      voice: null,
      soundBlocked: false,
      isStarting: false,
    },
    { prefetch: (word) => deps.prefetch(word), log },
  );
  const { update } = store;
  const now = store.get;
  const stopDelay = createStopDelay();
  const gate = createSoundGate(store);
  const currentSettings = () => settings;
  const playCard = createCardPlayback({
    deps,
    timing,
    settings: currentSettings,
    store,
    gate,
    stopDelay,
    log,
  });
  const runs = createPlaybackRuns({
    deps,
    timing,
    settings: currentSettings,
    store,
    playCard,
    stopDelay,
    log,
  });
  const { cut, startSingle, startPlayAll } = runs;

  /**
   * Manual navigation (docs/product/learn.md#play-all): stops play-all; the switch behaviour decides about
   * the sound.
   */
  function navigate(target: number) {
    if (disposed || now().words.length === 0 || !Number.isFinite(target)) return;
    const index = clampIndex(Math.trunc(target), now().words.length);
    if (index === now().index) return;
    const current = runs.current();
    if (current?.card && settings.audioSwitchBehavior !== 'stop') {
      // The sounding card finishes; play-all does not go on after it.
      update({ index, mode: 'single', loop: 0 });
      runs.finishCardThenAutoplay(current);
      return;
    }
    cut();
    update({ index });
    if (settings.autoplayAudio) startSingle();
  }

  function applyWords(words: readonly PlayerWord[]) {
    const { index: oldIndex } = now();
    const currentWord = now().words[oldIndex];
    const found = currentWord ? words.findIndex((word) => word.id === currentWord.id) : -1;
    const index = found >= 0 ? found : clampIndex(oldIndex, words.length);
    const current = runs.current();
    if (current?.playAll && currentWord && found < 0) {
      // The word at the play-all's place left the list: it goes on with the word now there.
      current.resume = oldIndex < words.length ? 'current' : 'nextLoop';
    }
    const sounding = current?.card;
    if (sounding && !words.some((word) => word.id === sounding.wordId)) {
      // The sounding word left the list (hidden): its card stops; a single play ends with it.
      sounding.controller.abort();
      runs.stopClip();
      stopDelay.start();
    }
    update({ words, index });
  }

  function setSettings(next: PlayerSettings) {
    settings = next;
    if (now().mode !== 'playAll') update({ totalLoops: Math.max(1, next.loopPlayAll) });
  }

  if (initial.words) applyWords(initial.words);
  // A restored position is not a navigation: nothing plays.
  if (initial.index !== undefined && now().words.length > 0 && Number.isFinite(initial.index)) {
    update({ index: clampIndex(Math.trunc(initial.index), now().words.length) });
  }

  return {
    getSnapshot: store.get,
    subscribe: store.subscribe,
    setWords(words) {
      if (!disposed) applyWords(words);
    },
    setSettings(next) {
      if (!disposed) setSettings(next);
    },
    goTo: navigate,
    next: () => navigate(now().index + 1),
    previous: () => navigate(now().index - 1),
    playCard() {
      if (disposed || now().words.length === 0) return;
      cut();
      startSingle();
    },
    togglePlayAll() {
      if (disposed) return;
      if (timing.playAllPress === 'stopsAnything') {
        // docs/product/audiobooks.md#playback: a second press while a start is in progress is ignored, and
        // a press while anything plays stops it all.
        if (now().isStarting) return;
        if (now().mode !== 'idle') {
          cut();
          return;
        }
      } else if (now().mode === 'playAll') {
        cut();
        return;
      }
      if (now().words.length === 0) return;
      cut();
      startPlayAll();
    },
    stop() {
      if (!disposed) cut();
    },
    resumeSound() {
      if (!disposed) gate.resume();
    },
    removeWord(wordId) {
      if (disposed || !now().words.some((word) => word.id === wordId)) return;
      applyWords(now().words.filter((word) => word.id !== wordId));
    },
    restoreWord(word, position) {
      if (disposed || now().words.some((candidate) => candidate.id === word.id)) return;
      const at = Math.max(0, Math.min(Math.trunc(position), now().words.length));
      applyWords([...now().words.slice(0, at), word, ...now().words.slice(at)]);
      if (now().mode === 'idle') update({ index: at });
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
      const position = now().words.findIndex((candidate) => candidate.id === wordId);
      const latest = now().words[position];
      if (!latest) return;
      // Merged onto the word as it is now, so a listen counted meanwhile is kept.
      const changed = { ...latest, ...changes, id: wordId };
      update({ words: now().words.map((candidate, at) => (at === position ? changed : candidate)) });
    },
    dispose() {
      if (disposed) return;
      cut();
      stopDelay.release();
      disposed = true;
      store.dispose();
    },
  };
}
