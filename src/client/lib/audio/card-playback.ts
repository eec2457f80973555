import { cardSpokenTexts } from '../../../shared/text/spoken-text';
import { mediaSource } from '../media-source';
import { isAborted, limited, type Settled, sleep, untilAborted } from './abortable-waits';
import { CLIP_RETRIES, isAutoplayBlocked, retryDelayMs } from './clip-retry';
import type {
  CardClips,
  LearnPlayerDeps,
  PlaybackTiming,
  PlayerSettings,
  PlayerWord,
  VoiceSlot,
} from './learn-player.types';
import type { PlayerStore } from './player-store';
import type { SoundGate } from './sound-gate';
import type { StopDelay } from './stop-delay';
import { voicesToPlay } from './voice-plan';
import { gainOf } from './volume';

/** docs/product/learn.md#speech-fallback: the browser reads a little slower than it speaks. */
export const SPEECH_FALLBACK_RATE = 0.8;

interface CardPlaybackContext {
  deps: LearnPlayerDeps;
  timing: PlaybackTiming;
  settings: () => PlayerSettings;
  store: PlayerStore;
  gate: SoundGate;
  stopDelay: StopDelay;
  log: (message: string, error?: unknown) => void;
}

/**
 * One card (or sentence) played: its clips loaded, then its voices in order, each under the screen's voice
 * limit (docs/product/learn.md#timing), retried, read by speech or waited at for a tap as the screen's
 * timing says; a card heard is counted.
 */
export function createCardPlayback({
  deps,
  timing,
  settings,
  store,
  gate,
  stopDelay,
  log,
}: CardPlaybackContext) {
  const { update } = store;

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
          volume: gainOf(settings().volume),
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
        const resumed = await gate.untilSoundAllowed(signal, attempt);
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
        volume: gainOf(settings().volume),
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

  /** The listen is counted here, so the next play of the word already fades its Russian voice at the threshold. */
  function countListen(word: PlayerWord) {
    const { words } = store.get();
    const latest = words.find((candidate) => candidate.id === word.id) ?? word;
    const counted = { ...latest, attempts: latest.attempts + 1 };
    if (words.includes(latest)) {
      update({ words: words.map((candidate) => (candidate === latest ? counted : candidate)) });
    }
    try {
      // The screen only saves it.
      deps.onCardPlayed(counted);
    } catch (error) {
      log('Learn: onCardPlayed failed', error);
    }
  }

  /** Loads and plays one card's voices; reports it played when a voice was heard and it was not stopped. */
  return async function playCard(word: PlayerWord, signal: AbortSignal) {
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
    await stopDelay.wait(signal);
    const texts = cardSpokenTexts(word);
    if (timing.requiresFirstVoice && mediaSource(clips.spanish1, 'audio') === null) {
      log(`Learn: item ${word.id} has no first Spanish clip; skipped`);
      return;
    }
    let tried = false;
    let heard = false;
    for (const slot of voicesToPlay(word.attempts, settings())) {
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
    if (!signal.aborted && heard) countListen(word);
  };
}
