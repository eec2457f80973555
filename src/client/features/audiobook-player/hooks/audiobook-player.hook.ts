import { useEffect, useLayoutEffect, useState, useSyncExternalStore } from 'react';
import type { Settings } from '../../../../shared/api/settings';
import { audioOutput } from '../../../lib/audio/audio-output';
import { audioSessions, bindEmergencyStop } from '../../../lib/audio/audio-session';
import { AUDIOBOOK_TIMING } from '../../../lib/audio/audiobook-timing';
import { createLearnPlayer } from '../../../lib/audio/learn-player';
import type { LearnPlayer, PlayerWord, VoiceSlot } from '../../../lib/audio/learn-player.types';
import { bindMediaSession } from '../../../lib/audio/media-session';
import { playerSettingsOf } from '../../../lib/audio/player-settings';
import { createSentenceAudioLoader } from '../../../lib/audio/sentence-audio-loader';
import { sharedClipPlayer } from '../../../lib/audio/shared-clip-player';
import { createSpeechFallback } from '../../../lib/audio/speech-fallback';
import { voicesToPlay } from '../../../lib/audio/voice-plan';
import { mediaSource } from '../../../lib/media-source';
import { prefetchPictureAndClips } from '../../../lib/prefetch-ahead';
import { fetchSentenceClip } from '../api/sentence-clip.api';

/** The audio session's owner name (docs/product/audiobooks.md#playback). */
const SESSION_OWNER = 'audiobook';

/** Playback failures are only logged: a clip that fails is skipped and the book goes on. */
const log = (message: string, error?: unknown) => console.warn(`[audiobook] ${message}`, error ?? '');

const CLIP_FIELD: Readonly<Record<VoiceSlot, 'audioData' | 'russianAudioData' | 'secondVoiceAudioData'>> = {
  spanish1: 'audioData',
  russian: 'russianAudioData',
  spanish2: 'secondVoiceAudioData',
};

interface Latest {
  settings: Settings;
  onSentencePlayed: (sentence: PlayerWord) => void;
}

/**
 * The one playback engine with the audiobook's timing, its clips from the sentence clip call, and the
 * browser's one audio element. It lives for the whole visit, so its callbacks read the latest settings.
 */
function createBookPlayer(
  bookId: number,
  sentences: readonly PlayerWord[],
  initialIndex: number,
  initial: Latest,
) {
  let latest = initial;
  const clipPlayer = sharedClipPlayer();
  // Set just below: the loader reports a clip the server made onto the engine's sentence.
  let player: LearnPlayer | null = null;
  const loader = createSentenceAudioLoader({
    fetchClip: (sentenceId, voiceType, signal) => fetchSentenceClip(bookId, sentenceId, voiceType, signal),
    voicesFor: (sentence) => voicesToPlay(sentence.attempts, playerSettingsOf(latest.settings, 'audiobook')),
    onClipMade: (sentenceId, slot, source) => player?.updateWord(sentenceId, { [CLIP_FIELD[slot]]: source }),
    log,
  });
  const prefetchSignal = new AbortController().signal;
  player = createLearnPlayer(
    {
      timing: AUDIOBOOK_TIMING,
      clipPlayer,
      speech: createSpeechFallback(),
      loadClips: (sentence, signal) => loader.loadClips(sentence, signal),
      forgetClips: (sentenceId) => loader.forgetClips(sentenceId),
      prefetch: (sentence) =>
        prefetchPictureAndClips(sentence, {
          isLowQuality: latest.settings.lowQualityImages,
          loadClips: () => loader.loadClips(sentence, prefetchSignal),
          preload: (clip) => clipPlayer.preload(clip),
          log,
        }),
      onCardPlayed: (sentence) => latest.onSentencePlayed(sentence),
      log,
      // On iOS the audio session is prepared inside the press, before the first clip.
      beforePlayback: () => audioOutput.prepare(),
    },
    { words: sentences, settings: playerSettingsOf(initial.settings, 'audiobook'), index: initialIndex },
  );
  const engine = player;
  return {
    player: engine,
    update: (next: Latest) => {
      latest = next;
    },
  };
}

/**
 * The audiobook's playback for this visit (docs/product/audiobooks.md#playback): the engine fed the latest
 * settings, one exclusive audio session (a second owner's start is refused; 60 s without sound ends it),
 * the emergency stop, and the lock-screen controls with the book as the album.
 */
export function useAudiobookPlayer(options: {
  bookId: number;
  title: string;
  sentences: readonly PlayerWord[];
  initialIndex: number;
  settings: Settings;
  onSentencePlayed: (sentence: PlayerWord) => void;
}): { player: LearnPlayer; snapshot: ReturnType<LearnPlayer['getSnapshot']> } {
  const [screen] = useState(() =>
    createBookPlayer(options.bookId, options.sentences, options.initialIndex, {
      settings: options.settings,
      onSentencePlayed: options.onSentencePlayed,
    }),
  );
  const { player } = screen;
  useLayoutEffect(() => {
    screen.update({ settings: options.settings, onSentencePlayed: options.onSentencePlayed });
  });

  useEffect(() => {
    player.setSettings(playerSettingsOf(options.settings, 'audiobook'));
  }, [player, options.settings]);

  useEffect(() => {
    player.setWords(options.sentences);
  }, [player, options.sentences]);

  // The exclusive session follows the engine: begun when it plays, kept alive while a voice sounds.
  useEffect(() => {
    const follow = () => {
      const { mode, voice } = player.getSnapshot();
      if (mode === 'idle') {
        audioSessions.end(SESSION_OWNER);
        return;
      }
      if (!audioSessions.begin(SESSION_OWNER, () => player.stop())) {
        log('another audio session is running; playback refused');
        player.stop();
        return;
      }
      if (voice !== null) audioSessions.keepAlive(SESSION_OWNER);
    };
    const unsubscribe = player.subscribe(follow);
    return () => {
      unsubscribe();
      audioSessions.end(SESSION_OWNER);
    };
  }, [player]);

  useEffect(
    () =>
      bindEmergencyStop({
        stop: () => player.stop(),
        keepsPlayingHidden: () => player.getSnapshot().mode === 'playAll',
      }),
    [player],
  );

  useEffect(
    () =>
      bindMediaSession(player, {
        album: options.title,
        artwork: (sentence) => {
          const picture = mediaSource(sentence.imageUrl, 'image');
          return picture && !picture.startsWith('data:') ? new URL(picture, window.location.href).href : null;
        },
      }),
    [player, options.title],
  );

  // Leaving the screen silences it; stop (not dispose) survives React's development double mount.
  useEffect(() => () => player.stop(), [player]);

  const snapshot = useSyncExternalStore(player.subscribe, player.getSnapshot);
  return { player, snapshot };
}
