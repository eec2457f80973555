import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { Settings } from '../../../../shared/api/settings';
import { createCardAudioLoader } from '../../../lib/audio/card-audio-loader';
import { createLearnPlayer } from '../../../lib/audio/learn-player';
import type { LearnPlayer, PlayerWord } from '../../../lib/audio/learn-player.types';
import { playerSettingsOf } from '../../../lib/audio/player-settings';
import { bindMediaSession } from '../../../lib/audio/media-session';
import { sharedClipPlayer } from '../../../lib/audio/shared-clip-player';
import { createSpeechFallback } from '../../../lib/audio/speech-fallback';
import { mediaSource } from '../../../lib/media-source';
import { prefetchPictureAndClips } from '../../../lib/prefetch-ahead';
import { whenIdle } from '../../../lib/when-idle';
import { generateAudio } from '../../../lib/api/generate-audio.api';
import { fetchWordAudio } from '../../../lib/api/word-audio.api';

/**
 * Failures of audio load, listen counts and voice generation are only logged
 * (docs/product/learn.md#speech-fallback).
 */
const log = (message: string, error?: unknown) => console.warn(`[learn] ${message}`, error ?? '');

interface ScreenCallbacks {
  settings: Settings;
  onCardPlayed: (word: PlayerWord) => void;
}

/**
 * The engine with the browser's audio, speech synthesis and the card-audio calls. It lives for the whole
 * visit, so what it calls back reads the latest settings and handler, which `update` replaces.
 */
function createScreenPlayer(initialWords: readonly PlayerWord[], initial: ScreenCallbacks) {
  let latest = initial;
  const clipPlayer = sharedClipPlayer();
  const loader = createCardAudioLoader({
    fetchWordAudio,
    generateAudio: async (request) => (await generateAudio(request)).audio,
    voices: () => ({
      spanish1: latest.settings.spanishVoices[0] ?? null,
      russian: latest.settings.russianVoice,
      spanish2: latest.settings.spanishVoices[1] ?? latest.settings.spanishVoices[0] ?? null,
      speed: latest.settings.speechSpeed,
      intonationStyle: latest.settings.intonationStyle,
      voiceStyle: latest.settings.defaultVoiceStyle,
    }),
    log,
  });
  // Prefetches outlive a card change: the loader shares them with the card's own load later.
  const prefetchSignal = new AbortController().signal;
  // docs/product/learn.md#audio-loading: nothing is fetched ahead before the first card's picture is in and
  // the screen has drawn it (the first idle moment after).
  // Every card reports its picture; only the first report waits for idle, the later ones change nothing.
  let reportFirstPictureSettled: () => void = () => undefined;
  const firstPictureSettled = new Promise<void>((resolve) => {
    let hasReported = false;
    reportFirstPictureSettled = () => {
      if (hasReported) return;
      hasReported = true;
      whenIdle(() => resolve());
    };
  });
  const prefetchNow = (word: PlayerWord) =>
    prefetchPictureAndClips(word, {
      isLowQuality: latest.settings.lowQualityImages,
      loadClips: () => loader.loadClips(word, prefetchSignal),
      preload: (clip) => clipPlayer.preload(clip),
      log,
    });
  const player = createLearnPlayer(
    {
      clipPlayer,
      speech: createSpeechFallback(),
      loadClips: (word, signal) => loader.loadClips(word, signal),
      forgetClips: (wordId) => loader.forgetClips(wordId),
      prefetch: (word) => void firstPictureSettled.then(() => prefetchNow(word)),
      onCardPlayed: (word) => latest.onCardPlayed(word),
      log,
    },
    { words: initialWords, settings: playerSettingsOf(initial.settings) },
  );
  return {
    player,
    update: (next: ScreenCallbacks) => {
      latest = next;
    },
    onFirstPictureSettled: () => reportFirstPictureSettled(),
  };
}

/** The Learn screen's playback engine for this visit, fed the latest settings, bound to the lock screen. */
export function useLearnPlayer(options: {
  initialWords: readonly PlayerWord[];
  settings: Settings;
  onCardPlayed: (word: PlayerWord) => void;
}): {
  player: LearnPlayer;
  snapshot: ReturnType<LearnPlayer['getSnapshot']>;
  /** The card on screen has its picture, or has none to wait for: the next card may be fetched ahead. */
  onCardPictureSettled: () => void;
} {
  const [screen] = useState(() =>
    createScreenPlayer(options.initialWords, {
      settings: options.settings,
      onCardPlayed: options.onCardPlayed,
    }),
  );
  const { player } = screen;
  useLayoutEffect(() => {
    screen.update({ settings: options.settings, onCardPlayed: options.onCardPlayed });
  });

  // The settings query keeps its object while nothing changed; equal values change nothing in the engine.
  useEffect(() => {
    player.setSettings(playerSettingsOf(options.settings));
  }, [player, options.settings]);

  useEffect(
    () =>
      bindMediaSession(player, {
        artwork: (word) => {
          const picture = mediaSource(word.imageUrl, 'image');
          return picture && !picture.startsWith('data:') ? new URL(picture, window.location.href).href : null;
        },
      }),
    [player],
  );
  // docs/product/learn.md#playing-on-opening: with autoPlayNavigation the card shown on opening Learn plays at once
  // (the settings of that moment decide; a browser that refuses sound then shows the tap prompt).
  const [playsOnOpen] = useState(() => options.settings.autoPlayNavigation);
  useEffect(() => {
    if (playsOnOpen) player.playCard();
  }, [player, playsOnOpen]);
  // Leaving the screen silences it; stop (not dispose) survives React's development double mount.
  useEffect(() => () => player.stop(), [player]);

  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);
  return { player, snapshot, onCardPictureSettled: screen.onFirstPictureSettled };
}
