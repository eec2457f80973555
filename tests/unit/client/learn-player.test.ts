import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settingsDefaults } from '../../../src/shared/api/settings';
import * as engine from '../../../src/client/lib/audio/learn-player';
import { AUDIOBOOK_TIMING } from '../../../src/client/lib/audio/audiobook-timing';
import { SPEECH_FALLBACK_RATE as ENGINE_SPEECH_RATE } from '../../../src/client/lib/audio/card-playback';
import * as learnTiming from '../../../src/client/lib/audio/learn-timing';
import { STOP_DELAY_MS as ENGINE_STOP_DELAY_MS } from '../../../src/client/lib/audio/stop-delay';
import { playerSettingsOf } from '../../../src/client/lib/audio/player-settings';
import type {
  CardClips,
  ClipPlayer,
  PlaybackTiming,
  PlayerSettings,
  PlayerWord,
  SpeechFallback,
} from '../../../src/client/lib/audio/learn-player.types';

const { createLearnPlayer, DEFAULT_PLAYER_SETTINGS } = engine;

/**
 * docs/product/learn.md#timing, written out here so that a changed constant in the engine fails the timing
 * tests.
 */
const VOICE_TIMEOUT_MS = 10_000;
const VOICE_GAP_MS = 50;
const CARD_GAP_MS = 50;
const STOP_DELAY_MS = 100;
const SPEECH_FALLBACK_RATE = 0.8;
/** docs/product/learn.md#clip-retries: two more attempts, 300 ms × attempt apart. */
const RETRY_BACKOFF_MS = 300;

/** One play() of the fake clip player; the test decides when it starts, ends or fails. */
interface ClipCall {
  source: string;
  signal: AbortSignal;
  volume: number;
  settled: boolean;
  start(durationMs?: number): void;
  end(): void;
  fail(error?: Error): void;
}

function createFakeClipPlayer() {
  const calls: ClipCall[] = [];
  const state = { stops: 0 };
  const player: ClipPlayer = {
    play(source, { signal, volume, onStart }) {
      return new Promise<void>((resolve, reject) => {
        const call: ClipCall = {
          source,
          signal,
          volume,
          settled: false,
          start: (durationMs = 1000) => onStart(durationMs),
          end: () => {
            call.settled = true;
            resolve();
          },
          fail: (error = new Error('decode error')) => {
            call.settled = true;
            reject(error);
          },
        };
        // As the interface asks: an abort ends the play early, resolved.
        signal.addEventListener('abort', () => call.end(), { once: true });
        calls.push(call);
      });
    },
    preload: () => undefined,
    stop: () => {
      state.stops += 1;
    },
  };
  return { player, calls, state, last: () => calls.at(-1) };
}

interface SpeechCall {
  text: string;
  lang: string;
  rate: number;
  volume: number;
  signal: AbortSignal;
  end(): void;
  fail(error: Error): void;
}

function createFakeSpeech() {
  const calls: SpeechCall[] = [];
  const fallback: SpeechFallback = {
    speak(text, { lang, rate, volume, signal }) {
      return new Promise<void>((resolve, reject) => {
        calls.push({ text, lang, rate, volume, signal, end: resolve, fail: reject });
        signal.addEventListener('abort', () => resolve(), { once: true });
      });
    },
  };
  return { fallback, calls };
}

const word = (id: number, overrides: Partial<PlayerWord> = {}): PlayerWord => ({
  id,
  spanish: `palabra${id}`,
  russian: `слово${id}`,
  example: null,
  exampleTranslation: null,
  attempts: 0,
  audioData: `/media/${id}-es1.mp3`,
  russianAudioData: `/media/${id}-ru.mp3`,
  secondVoiceAudioData: `/media/${id}-es2.mp3`,
  imageUrl: null,
  isActive: true,
  isSpacedRepetitionDue: false,
  ...overrides,
});

const listedClips = (w: PlayerWord): CardClips => ({
  spanish1: w.audioData,
  russian: w.russianAudioData,
  spanish2: w.secondVoiceAudioData,
});

/** Tests start from: Russian voice on, no autoplay, one loop, switching cards cuts the sound. */
const baseSettings: PlayerSettings = {
  ...DEFAULT_PLAYER_SETTINGS,
  autoplayAudio: false,
  bilingualPlayback: true,
  loopPlayAll: 1,
  audioSwitchBehavior: 'stop',
};

function setup(
  options: {
    words?: PlayerWord[];
    settings?: Partial<PlayerSettings>;
    loadClips?: (w: PlayerWord, signal: AbortSignal) => Promise<CardClips>;
    timing?: PlaybackTiming;
    beforePlayback?: () => void;
  } = {},
) {
  const clips = createFakeClipPlayer();
  const speech = createFakeSpeech();
  const played: number[] = [];
  const playedWords: PlayerWord[] = [];
  const prefetched: number[] = [];
  const forgotten: number[] = [];
  const logs: string[] = [];
  const loadClips = vi.fn<(w: PlayerWord, signal: AbortSignal) => Promise<CardClips>>(
    options.loadClips ?? ((w) => Promise.resolve(listedClips(w))),
  );
  const player = createLearnPlayer(
    {
      ...(options.timing ? { timing: options.timing } : {}),
      ...(options.beforePlayback ? { beforePlayback: options.beforePlayback } : {}),
      clipPlayer: clips.player,
      speech: speech.fallback,
      loadClips,
      forgetClips: (id) => forgotten.push(id),
      prefetch: (w) => prefetched.push(w.id),
      onCardPlayed: (w) => {
        played.push(w.id);
        playedWords.push(w);
      },
      log: (message) => logs.push(message),
    },
    {
      words: options.words ?? [word(1), word(2), word(3)],
      settings: { ...baseSettings, ...options.settings },
    },
  );
  return {
    player,
    clips,
    speech,
    played,
    playedWords,
    prefetched,
    forgotten,
    logs,
    loadClips,
    snap: () => player.getSnapshot(),
  };
}

type Harness = ReturnType<typeof setup>;

const flush = () => vi.advanceTimersByTimeAsync(0);
const advance = (ms: number) => vi.advanceTimersByTimeAsync(ms);

/** Lets the pending clip start and end; returns its source. */
async function sound(h: Harness, durationMs = 800): Promise<string> {
  await flush();
  const call = h.clips.last();
  if (!call || call.settled) throw new Error('no clip is waiting to play');
  call.start(durationMs);
  call.end();
  await flush();
  return call.source;
}

/**
 * Fails the pending clip and both of its retries, each after its back-off (300 ms, then 600 ms), so the
 * voice is given up (docs/product/learn.md#clip-retries).
 */
async function failEveryAttempt(h: Harness): Promise<void> {
  await flush();
  const first = h.clips.last();
  if (!first || first.settled) throw new Error('no clip is waiting to play');
  first.fail();
  for (const retry of [1, 2]) {
    await advance(RETRY_BACKOFF_MS * retry);
    const again = h.clips.last();
    if (!again || again.settled || again.source !== first.source) throw new Error(`no retry ${retry}`);
    again.fail();
  }
  await flush();
}

/** Plays the pending card's voices through, with the gaps between them; returns the sources heard. */
async function soundCard(h: Harness, voices = 3): Promise<string[]> {
  const sources: string[] = [];
  for (let voice = 0; voice < voices; voice += 1) {
    if (voice > 0) await advance(VOICE_GAP_MS);
    sources.push(await sound(h));
  }
  return sources;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('timing constants', () => {
  it('are the spec’s', () => {
    expect(learnTiming.VOICE_TIMEOUT_MS).toBe(VOICE_TIMEOUT_MS);
    expect(learnTiming.VOICE_GAP_MS).toBe(VOICE_GAP_MS);
    expect(learnTiming.CARD_GAP_MS).toBe(CARD_GAP_MS);
    expect(ENGINE_STOP_DELAY_MS).toBe(STOP_DELAY_MS);
    expect(ENGINE_SPEECH_RATE).toBe(SPEECH_FALLBACK_RATE);
  });
});

describe('playing a card', () => {
  it('plays the first Spanish, Russian and second Spanish voices in order, 50 ms apart, and counts the card once', async () => {
    const h = setup();
    h.player.playCard();
    expect(h.snap().mode).toBe('single');
    await flush();
    expect(h.clips.calls.map((call) => call.source)).toEqual(['/media/1-es1.mp3']);
    expect(h.snap().voice).toBeNull();
    h.clips.last()?.start(700);
    expect(h.snap().voice).toBe('spanish1');
    h.clips.last()?.end();
    await flush();
    expect(h.snap().voice).toBeNull();
    await advance(VOICE_GAP_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.calls).toHaveLength(2);
    h.clips.last()?.start(700);
    expect(h.snap().voice).toBe('russian');
    h.clips.last()?.end();
    await advance(VOICE_GAP_MS);
    expect(await sound(h)).toBe('/media/1-es2.mp3');
    expect(h.clips.calls.map((call) => call.source)).toEqual([
      '/media/1-es1.mp3',
      '/media/1-ru.mp3',
      '/media/1-es2.mp3',
    ]);
    expect(h.played).toEqual([1]);
    expect(h.snap()).toMatchObject({ mode: 'idle', voice: null, index: 0 });
    await advance(60_000);
    expect(h.played).toEqual([1]);
    expect(h.clips.calls).toHaveLength(3);
  });

  it('leaves the Russian voice out when the voice plan says so', async () => {
    const h = setup({
      words: [word(1, { attempts: 20 })],
      settings: { automaticBilingual: 'warning', listenThresholdWarning: 20 },
    });
    h.player.playCard();
    expect(await soundCard(h, 2)).toEqual(['/media/1-es1.mp3', '/media/1-es2.mp3']);
    await advance(VOICE_TIMEOUT_MS * 2);
    expect(h.clips.calls).toHaveLength(2);
    expect(h.played).toEqual([1]);
  });

  it('reads the settings current at the start of each card', async () => {
    const h = setup({ words: [word(1)] });
    h.player.setSettings({ ...baseSettings, bilingualPlayback: false });
    h.player.playCard();
    expect(await soundCard(h, 2)).toEqual(['/media/1-es1.mp3', '/media/1-es2.mp3']);
    h.player.setSettings({ ...baseSettings, bilingualPlayback: true });
    h.player.playCard();
    expect(await soundCard(h, 3)).toEqual(['/media/1-es1.mp3', '/media/1-ru.mp3', '/media/1-es2.mp3']);
  });

  it('skips a voice without a clip, logs it, and plays the rest without an extra gap', async () => {
    const h = setup({
      words: [word(1, { russianAudioData: null })],
      loadClips: (w) => Promise.resolve({ ...listedClips(w), russian: null }),
    });
    h.player.playCard();
    expect(await sound(h)).toBe('/media/1-es1.mp3');
    await advance(VOICE_GAP_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.last()?.source).toBe('/media/1-es2.mp3');
    expect(h.logs.some((message) => message.includes('no russian clip'))).toBe(true);
    await sound(h);
    expect(h.played).toEqual([1]);
  });

  it('passes raw base64 clips on as data: URLs', async () => {
    const h = setup({
      words: [word(1)],
      loadClips: () => Promise.resolve({ spanish1: 'SUQzBAAA', russian: null, spanish2: null }),
    });
    h.player.playCard();
    expect(await sound(h)).toBe('data:audio/mpeg;base64,SUQzBAAA');
  });

  it('falls back to speech at rate 0.8 in es-ES for a Spanish clip that cannot play, then goes on', async () => {
    const h = setup({
      words: [word(1, { example: '**Hola** amigo 👋.', exampleTranslation: 'Привет, **друг**!' })],
    });
    h.player.playCard();
    await failEveryAttempt(h);
    expect(h.speech.calls).toHaveLength(1);
    expect(h.speech.calls[0]).toMatchObject({
      text: 'Hola amigo',
      lang: 'es-ES',
      rate: SPEECH_FALLBACK_RATE,
    });
    expect(h.snap().voice).toBe('spanish1');
    expect(h.clips.calls).toHaveLength(3);
    h.speech.calls[0]?.end();
    await flush();
    await advance(VOICE_GAP_MS - 1);
    expect(h.clips.calls).toHaveLength(3);
    await advance(1);
    expect(h.clips.last()?.source).toBe('/media/1-ru.mp3');
    await failEveryAttempt(h);
    expect(h.speech.calls[1]).toMatchObject({ text: 'Привет, друг!', lang: 'ru-RU', rate: 0.8 });
    h.speech.calls[1]?.end();
    await advance(VOICE_GAP_MS);
    expect(await sound(h)).toBe('/media/1-es2.mp3');
    expect(h.played).toEqual([1]);
  });

  it('does not read a clip again by speech when it broke off after it was heard', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    h.clips.last()?.start(1000);
    h.clips.last()?.fail();
    await flush();
    expect(h.speech.calls).toHaveLength(0);
    await advance(VOICE_GAP_MS);
    expect(h.clips.last()?.source).toBe('/media/1-ru.mp3');
  });

  it('skips a clip that has not started after exactly 10 s', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    const first = h.clips.last();
    await advance(VOICE_TIMEOUT_MS - 1);
    expect(first?.signal.aborted).toBe(false);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(first?.signal.aborted).toBe(true);
    expect(h.logs.some((message) => message.includes('did not start within 10000 ms'))).toBe(true);
    expect(h.speech.calls).toHaveLength(0);
    await advance(VOICE_GAP_MS);
    expect(h.clips.last()?.source).toBe('/media/1-ru.mp3');
  });

  it('once a clip has started allows its duration plus 10 s, or 10 s more when the duration is unknown', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    const first = h.clips.last();
    await advance(5_000);
    first?.start(3_000);
    await advance(3_000 + VOICE_TIMEOUT_MS - 1);
    expect(first?.signal.aborted).toBe(false);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(first?.signal.aborted).toBe(true);
    await advance(VOICE_GAP_MS);
    const second = h.clips.last();
    second?.start(Number.NaN);
    await advance(VOICE_TIMEOUT_MS - 1);
    expect(second?.signal.aborted).toBe(false);
    await advance(1);
    expect(second?.signal.aborted).toBe(true);
    // Both were heard, so the card counts once the last voice is done.
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.played).toEqual([1]);
  });

  it('limits the speech fallback to 10 s', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await failEveryAttempt(h);
    const speech = h.speech.calls[0];
    await advance(VOICE_TIMEOUT_MS - 1);
    expect(speech?.signal.aborted).toBe(false);
    await advance(1);
    expect(speech?.signal.aborted).toBe(true);
    await advance(VOICE_GAP_MS);
    expect(h.clips.last()?.source).toBe('/media/1-ru.mp3');
  });

  it('ends silently when the clips cannot be loaded: logged, no speech, not counted', async () => {
    const h = setup({ words: [word(1)], loadClips: () => Promise.reject(new Error('offline')) });
    h.player.playCard();
    await flush();
    expect(h.snap().mode).toBe('idle');
    expect(h.clips.calls).toHaveLength(0);
    expect(h.speech.calls).toHaveLength(0);
    expect(h.played).toEqual([]);
    expect(h.logs.some((message) => message.includes('could not be loaded'))).toBe(true);
  });

  it('does not count a card of which no voice was heard', async () => {
    const none = setup({
      words: [word(1)],
      loadClips: () => Promise.resolve({ spanish1: null, russian: null, spanish2: null }),
    });
    none.player.playCard();
    await flush();
    expect(none.snap().mode).toBe('idle');
    expect(none.played).toEqual([]);
    expect(none.speech.calls).toHaveLength(0);

    const silent = setup({ words: [word(1)] });
    silent.player.playCard();
    await advance(3 * (VOICE_TIMEOUT_MS + VOICE_GAP_MS));
    expect(silent.clips.calls).toHaveLength(3);
    expect(silent.snap().mode).toBe('idle');
    expect(silent.played).toEqual([]);
  });

  it('counts the listen on the word as it is at the end of the card', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await sound(h);
    h.player.updateWord(1, { attempts: 7 });
    await advance(VOICE_GAP_MS);
    await sound(h);
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.played).toEqual([1]);
    expect(h.playedWords[0]?.attempts).toBe(8);
    expect(h.snap().words[0]?.attempts).toBe(8);
  });

  it('fades the Russian voice on the play after the one that reached the threshold', async () => {
    const h = setup({
      words: [word(1, { attempts: 18 })],
      settings: { automaticBilingual: 'warning', listenThresholdWarning: 20 },
    });
    const playThrough = async () => {
      const heard: string[] = [];
      h.player.playCard();
      for (;;) {
        await flush();
        const clip = h.clips.last();
        if (!clip || clip.settled || h.snap().mode === 'idle') break;
        heard.push(clip.source);
        clip.start();
        clip.end();
        await advance(VOICE_GAP_MS);
      }
      await advance(STOP_DELAY_MS);
      return heard;
    };
    expect(await playThrough()).toEqual(['/media/1-es1.mp3', '/media/1-ru.mp3', '/media/1-es2.mp3']);
    expect(await playThrough()).toEqual(['/media/1-es1.mp3', '/media/1-ru.mp3', '/media/1-es2.mp3']);
    // 20 listens now: the warning threshold is reached.
    expect(await playThrough()).toEqual(['/media/1-es1.mp3', '/media/1-es2.mp3']);
    expect(h.playedWords.map((w) => w.attempts)).toEqual([19, 20, 21]);
  });

  it('does not count a card whose only sound was a speech fallback that could not speak', async () => {
    const h = setup({ words: [word(1, { russianAudioData: null, secondVoiceAudioData: null })] });
    h.player.playCard();
    await failEveryAttempt(h);
    h.speech.calls[0]?.fail(new Error('No speech synthesis'));
    await advance(STOP_DELAY_MS);
    expect(h.snap().mode).toBe('idle');
    expect(h.played).toEqual([]);
  });
});

/** What `audio.play()` rejects with when the browser's autoplay policy refuses to start sound. */
const notAllowed = () =>
  Object.assign(new Error('play() failed because the user didn’t interact'), {
    name: 'NotAllowedError',
  });

describe('volume (docs/product/learn.md#volume)', () => {
  it('plays every clip and the speech fallback at the learner’s volume, read at each clip', async () => {
    const h = setup({ words: [word(1, { russianAudioData: null })], settings: { volume: 80 } });
    h.player.playCard();
    await sound(h);
    expect(h.clips.calls[0]?.volume).toBeCloseTo(0.8);
    h.player.setSettings({ ...baseSettings, volume: 30 });
    await advance(VOICE_GAP_MS);
    await failEveryAttempt(h);
    expect(h.clips.calls.slice(1).map((call) => call.volume)).toEqual([0.3, 0.3, 0.3]);
    expect(h.speech.calls[0]?.volume).toBeCloseTo(0.3);
  });

  it('is silent at 0 and full at 100', async () => {
    const h = setup({ words: [word(1)], settings: { volume: 0 } });
    h.player.playCard();
    await sound(h);
    expect(h.clips.calls[0]?.volume).toBe(0);
    h.player.setSettings({ ...baseSettings, volume: 100 });
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.clips.calls[1]?.volume).toBe(1);
  });
});

describe('clip retries (docs/product/learn.md#clip-retries)', () => {
  it('tries a failed clip again after 300 ms, then 600 ms, and plays on when a retry works', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    h.clips.last()?.fail();
    await flush();
    await advance(RETRY_BACKOFF_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.calls.map((call) => call.source)).toEqual(['/media/1-es1.mp3', '/media/1-es1.mp3']);
    h.clips.last()?.fail();
    await flush();
    await advance(2 * RETRY_BACKOFF_MS - 1);
    expect(h.clips.calls).toHaveLength(2);
    await advance(1);
    expect(h.clips.calls).toHaveLength(3);
    expect(await sound(h)).toBe('/media/1-es1.mp3');
    expect(h.speech.calls).toHaveLength(0);
    await advance(VOICE_GAP_MS);
    expect(await sound(h)).toBe('/media/1-ru.mp3');
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.played).toEqual([1]);
    expect(h.logs.filter((message) => message.includes('trying again'))).toHaveLength(2);
  });

  it('gives up after two retries and reads the text instead', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await failEveryAttempt(h);
    expect(h.clips.calls.map((call) => call.source)).toEqual(Array(3).fill('/media/1-es1.mp3'));
    expect(h.speech.calls).toHaveLength(1);
    await advance(RETRY_BACKOFF_MS * 10);
    expect(h.clips.calls).toHaveLength(3);
  });

  it('does not retry a clip stopped during its back-off', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    h.clips.last()?.fail();
    await flush();
    h.player.stop();
    await advance(RETRY_BACKOFF_MS * 10);
    expect(h.clips.calls).toHaveLength(1);
    expect(h.speech.calls).toHaveLength(0);
  });
});

describe('sound refused by the browser (docs/product/learn.md#sound-blocked)', () => {
  it('waits at the refused voice without retrying or reading it, then resumes there on the learner’s tap', async () => {
    const h = setup();
    h.player.togglePlayAll();
    expect(await soundCard(h)).toHaveLength(3);
    await advance(CARD_GAP_MS);
    await flush();
    expect(h.snap().index).toBe(1);
    h.clips.last()?.fail(notAllowed());
    await flush();
    expect(h.snap()).toMatchObject({ soundBlocked: true, mode: 'playAll', index: 1, voice: null });
    // Nothing goes on by itself: no retry, no speech, no voice limit, no next card.
    await advance(VOICE_TIMEOUT_MS * 6);
    expect(h.clips.calls).toHaveLength(4);
    expect(h.speech.calls).toHaveLength(0);
    expect(h.snap()).toMatchObject({ soundBlocked: true, index: 1 });

    h.player.resumeSound();
    // Started inside the tap itself, so that the browser lets it sound.
    expect(h.clips.calls).toHaveLength(5);
    expect(h.clips.last()?.source).toBe('/media/2-es1.mp3');
    expect(h.snap().soundBlocked).toBe(false);
    expect(await sound(h)).toBe('/media/2-es1.mp3');
    await advance(VOICE_GAP_MS);
    expect(await sound(h)).toBe('/media/2-ru.mp3');
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.played).toEqual([1, 2]);
    await advance(CARD_GAP_MS);
    await flush();
    expect(h.snap()).toMatchObject({ index: 2, mode: 'playAll' });
  });

  it('forgets the refusal when playback stops, and a later tap does nothing', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.clips.last()?.fail(notAllowed());
    await flush();
    expect(h.snap().soundBlocked).toBe(true);
    h.player.stop();
    expect(h.snap()).toMatchObject({ soundBlocked: false, mode: 'idle' });
    h.player.resumeSound();
    await advance(VOICE_TIMEOUT_MS);
    expect(h.clips.calls).toHaveLength(1);
  });

  it('is asked again when the resumed clip is refused once more', async () => {
    const h = setup({ words: [word(1)] });
    h.player.playCard();
    await flush();
    h.clips.last()?.fail(notAllowed());
    await flush();
    h.player.resumeSound();
    h.clips.last()?.fail(notAllowed());
    await flush();
    expect(h.snap().soundBlocked).toBe(true);
    h.player.resumeSound();
    expect(await sound(h)).toBe('/media/1-es1.mp3');
    expect(h.clips.calls).toHaveLength(3);
  });
});

describe('stop and the 100 ms stop delay', () => {
  it('cuts the clip, goes idle at once, and does not count the card', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.clips.last()?.start();
    const stopsBefore = h.clips.state.stops;
    h.player.stop();
    expect(h.snap()).toMatchObject({ mode: 'idle', voice: null });
    expect(h.clips.last()?.signal.aborted).toBe(true);
    expect(h.clips.state.stops).toBe(stopsBefore + 1);
    await advance(VOICE_TIMEOUT_MS * 3);
    expect(h.clips.calls).toHaveLength(1);
    expect(h.played).toEqual([]);
  });

  it('cancels the speech fallback through its signal', async () => {
    const h = setup();
    h.player.playCard();
    await failEveryAttempt(h);
    h.player.stop();
    expect(h.speech.calls[0]?.signal.aborted).toBe(true);
    await advance(VOICE_TIMEOUT_MS);
    expect(h.clips.calls).toHaveLength(3);
  });

  it('makes a card started right after a cut wait until 100 ms have passed before its first voice', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.clips.last()?.start();
    h.player.stop();
    h.player.playCard();
    await flush();
    // The clips load at once; only the voice waits.
    expect(h.loadClips).toHaveBeenCalledTimes(2);
    await advance(STOP_DELAY_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.calls).toHaveLength(2);
    expect(h.snap().mode).toBe('single');
  });

  it('does not delay a card started once the 100 ms have passed', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.player.stop();
    await advance(STOP_DELAY_MS);
    h.player.playCard();
    await flush();
    expect(h.clips.calls).toHaveLength(2);
  });

  it('cuts the playing card when the same card is played again', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    const first = h.clips.last();
    first?.start();
    h.player.playCard();
    expect(first?.signal.aborted).toBe(true);
    await advance(STOP_DELAY_MS);
    expect(h.clips.calls).toHaveLength(2);
    expect(h.clips.last()?.source).toBe('/media/1-es1.mp3');
  });
});

describe('play-all', () => {
  it('plays from the current card to the end, then later loops from the first card, and ends idle on the last', async () => {
    const h = setup({ settings: { loopPlayAll: 2 } });
    h.player.goTo(1);
    h.player.togglePlayAll();
    expect(h.snap()).toMatchObject({ mode: 'playAll', index: 1, loop: 1, totalLoops: 2 });
    const heard: string[] = [];
    const positions: [number, number][] = [];
    for (let card = 0; card < 5; card += 1) {
      if (card > 0) {
        await advance(CARD_GAP_MS - 1);
        expect(h.clips.calls.filter((call) => !call.settled)).toHaveLength(0);
        await advance(1);
      }
      positions.push([h.snap().index, h.snap().loop]);
      heard.push(...(await soundCard(h)));
    }
    expect(positions).toEqual([
      [1, 1],
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(heard.filter((source) => source.endsWith('es1.mp3'))).toEqual([
      '/media/2-es1.mp3',
      '/media/3-es1.mp3',
      '/media/1-es1.mp3',
      '/media/2-es1.mp3',
      '/media/3-es1.mp3',
    ]);
    expect(h.played).toEqual([2, 3, 1, 2, 3]);
    expect(h.snap().mode).toBe('playAll');
    await advance(CARD_GAP_MS);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 2, loop: 0, voice: null });
    await advance(60_000);
    expect(h.clips.calls).toHaveLength(15);
  });

  it('plays the list once when loopPlayAll is 0', async () => {
    const h = setup({ settings: { loopPlayAll: 0 } });
    h.player.togglePlayAll();
    expect(h.snap().totalLoops).toBe(1);
    for (let card = 0; card < 3; card += 1) {
      if (card > 0) await advance(CARD_GAP_MS);
      await soundCard(h);
    }
    await advance(CARD_GAP_MS);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 2 });
    expect(h.played).toEqual([1, 2, 3]);
  });

  it('waits the learner’s pause after each card, across a loop too; a stop in the pause ends play-all', async () => {
    // playAllDelay 2 (docs/product/settings.md#play-all-delay): 2 s on top of the 50 ms gap.
    const h = setup({ settings: { loopPlayAll: 2, playAllPauseMs: 2000 } });
    h.player.goTo(2);
    h.player.togglePlayAll();
    for (let card = 0; card < 3; card += 1) {
      if (card > 0) {
        await advance(CARD_GAP_MS + 2000 - 1);
        expect(h.clips.calls.filter((call) => !call.settled)).toHaveLength(0);
        await advance(1);
      }
      await soundCard(h);
    }
    expect(h.played).toEqual([3, 1, 2]);
    // A stop during the pause ends play-all there: nothing more plays.
    await advance(1000);
    h.player.togglePlayAll();
    expect(h.snap().mode).toBe('idle');
    await advance(60_000);
    expect(h.played).toEqual([3, 1, 2]);
  });

  it('takes Learn’s pause from playAllDelay in seconds, and none for the audiobook player', () => {
    const settings = { ...settingsDefaults, playAllDelay: 3 };
    expect(playerSettingsOf(settings).playAllPauseMs).toBe(3000);
    expect(playerSettingsOf(settings, 'audiobook').playAllPauseMs).toBe(0);
    expect(playerSettingsOf(settingsDefaults).playAllPauseMs).toBe(0);
  });

  it('goes on after a card that could not be loaded', async () => {
    const h = setup({
      loadClips: (w) => (w.id === 1 ? Promise.reject(new Error('offline')) : Promise.resolve(listedClips(w))),
    });
    h.player.togglePlayAll();
    await flush();
    expect(h.clips.calls).toHaveLength(0);
    await advance(CARD_GAP_MS);
    expect(h.snap().index).toBe(1);
    await soundCard(h);
    expect(h.played).toEqual([2]);
  });

  it('stops when toggled again', async () => {
    const h = setup();
    h.player.togglePlayAll();
    await flush();
    h.clips.last()?.start();
    h.player.togglePlayAll();
    expect(h.snap()).toMatchObject({ mode: 'idle', loop: 0, index: 0 });
    expect(h.clips.last()?.signal.aborted).toBe(true);
    await advance(60_000);
    expect(h.clips.calls).toHaveLength(1);
    expect(h.played).toEqual([]);
  });

  it('takes over from a card playing alone: the card is cut and play-all starts there (part 2)', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.clips.last()?.start();
    h.player.togglePlayAll();
    expect(h.snap()).toMatchObject({ mode: 'playAll', index: 0, loop: 1 });
    expect(h.clips.calls[0]?.signal.aborted).toBe(true);
    await advance(STOP_DELAY_MS);
    expect(h.clips.calls).toHaveLength(2);
    expect(h.clips.last()?.source).toBe('/media/1-es1.mp3');
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.snap()).toMatchObject({ mode: 'playAll', index: 1 });
  });

  it('stops on a second press even before its first voice sounds (part 2)', async () => {
    let loaded: () => void = () => undefined;
    const h = setup({
      loadClips: (w) =>
        new Promise((resolve) => {
          loaded = () => resolve(listedClips(w));
        }),
    });
    h.player.togglePlayAll();
    expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: true });
    h.player.togglePlayAll();
    expect(h.snap()).toMatchObject({ mode: 'idle', isStarting: false });
    loaded();
    await advance(60_000);
    expect(h.clips.calls).toHaveLength(0);
  });

  it('prefetches the following card, wrapping to the first when another loop follows', async () => {
    const h = setup({ settings: { loopPlayAll: 2 } });
    expect(h.prefetched).toEqual([2]);
    h.player.goTo(1);
    expect(h.prefetched).toEqual([2, 3]);
    h.player.togglePlayAll();
    await flush();
    // The same word is not asked for twice.
    expect(h.prefetched).toEqual([2, 3]);
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.snap()).toMatchObject({ index: 2, loop: 1 });
    expect(h.prefetched).toEqual([2, 3, 1]);
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.snap()).toMatchObject({ index: 0, loop: 2 });
    expect(h.prefetched).toEqual([2, 3, 1, 2]);
  });

  it('prefetches nothing after the last card when no loop follows', () => {
    const h = setup();
    h.player.goTo(2);
    h.player.togglePlayAll();
    expect(h.prefetched).toEqual([2]);
  });
});

describe('manual navigation', () => {
  it('stops play-all and cuts the card; with autoplay the new card plays alone after the stop delay', async () => {
    const h = setup({ settings: { autoplayAudio: true } });
    h.player.togglePlayAll();
    await flush();
    const first = h.clips.last();
    first?.start();
    h.player.next();
    expect(first?.signal.aborted).toBe(true);
    expect(h.snap()).toMatchObject({ mode: 'single', index: 1, loop: 0 });
    await advance(STOP_DELAY_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.last()?.source).toBe('/media/2-es1.mp3');
    await soundCard(h);
    await advance(60_000);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 1 });
    expect(h.played).toEqual([2]);
  });

  it('without autoplay only moves and stops', async () => {
    const h = setup();
    h.player.togglePlayAll();
    await flush();
    h.clips.last()?.start();
    h.player.previous();
    expect(h.snap().mode).toBe('playAll');
    h.player.goTo(2);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 2 });
    await advance(60_000);
    expect(h.clips.calls).toHaveLength(1);
    expect(h.loadClips).toHaveBeenCalledTimes(1);
  });

  it('with autoplay plays the new card at once when nothing was sounding', async () => {
    const h = setup({ settings: { autoplayAudio: true } });
    h.player.next();
    await flush();
    expect(h.clips.last()?.source).toBe('/media/2-es1.mp3');
  });

  it('with another switch behaviour lets the sounding card finish, then plays the new one', async () => {
    const h = setup({ settings: { autoplayAudio: true, audioSwitchBehavior: 'continue' } });
    h.player.playCard();
    await flush();
    const first = h.clips.last();
    first?.start();
    h.player.next();
    h.player.next();
    expect(h.snap()).toMatchObject({ index: 2, mode: 'single' });
    expect(first?.signal.aborted).toBe(false);
    first?.end();
    await flush();
    await advance(VOICE_GAP_MS);
    await sound(h);
    await advance(VOICE_GAP_MS);
    await sound(h);
    expect(h.played).toEqual([1]);
    expect(h.clips.last()?.source).toBe('/media/3-es1.mp3');
    expect(h.loadClips.mock.calls.map(([w]) => w.id)).toEqual([1, 3]);
    await soundCard(h);
    expect(h.played).toEqual([1, 3]);
    expect(h.snap().mode).toBe('idle');
  });

  it('with another switch behaviour and no autoplay lets the card finish and plays nothing more', async () => {
    const h = setup({ settings: { audioSwitchBehavior: 'continue' } });
    h.player.playCard();
    await flush();
    h.player.next();
    await soundCard(h);
    expect(h.played).toEqual([1]);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 1 });
    await advance(60_000);
    expect(h.clips.calls).toHaveLength(3);
  });

  it('with another switch behaviour ends play-all after its sounding card', async () => {
    const h = setup({ settings: { autoplayAudio: true, audioSwitchBehavior: 'continue', loopPlayAll: 5 } });
    h.player.togglePlayAll();
    await flush();
    h.player.next();
    expect(h.snap()).toMatchObject({ mode: 'single', loop: 0, index: 1 });
    await soundCard(h);
    await soundCard(h);
    await advance(60_000);
    expect(h.played).toEqual([1, 2]);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 1 });
  });

  it('does nothing at the ends of the list, and clamps goTo', async () => {
    const h = setup();
    h.player.togglePlayAll();
    await flush();
    const snapshot = h.snap();
    h.player.previous();
    expect(h.snap()).toBe(snapshot);
    expect(h.clips.last()?.signal.aborted).toBe(false);
    h.player.stop();
    h.player.goTo(99);
    expect(h.snap().index).toBe(2);
    const atEnd = h.snap();
    h.player.next();
    expect(h.snap()).toBe(atEnd);
    h.player.goTo(-4);
    expect(h.snap().index).toBe(0);
    h.player.goTo(Number.NaN);
    expect(h.snap().index).toBe(0);
  });
});

describe('the word list', () => {
  it('hiding the current word shows the next one, or the previous one when it was last', () => {
    const h = setup();
    h.player.goTo(1);
    h.player.removeWord(2);
    expect(h.snap().words.map((w) => w.id)).toEqual([1, 3]);
    expect(h.snap().index).toBe(1);
    h.player.removeWord(3);
    expect(h.snap()).toMatchObject({ index: 0 });
    expect(h.snap().words.map((w) => w.id)).toEqual([1]);
  });

  it('an undone hide puts the word back at its place and shows it when nothing plays', () => {
    const h = setup();
    h.player.removeWord(2);
    h.player.restoreWord(word(2), 1);
    expect(h.snap().words.map((w) => w.id)).toEqual([1, 2, 3]);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 1 });
    // A word still in the list is not added twice.
    h.player.restoreWord(word(2), 0);
    expect(h.snap().words.map((w) => w.id)).toEqual([1, 2, 3]);
  });

  it('an undone hide during play-all leaves the sounding card where it is', async () => {
    const h = setup();
    h.player.removeWord(1);
    h.player.togglePlayAll();
    await flush();
    h.player.restoreWord(word(1), 0);
    expect(h.snap().words.map((w) => w.id)).toEqual([1, 2, 3]);
    expect(h.snap()).toMatchObject({ mode: 'playAll', index: 1 });
    expect(h.clips.last()?.signal.aborted).toBe(false);
  });

  it('taking out a word before the current one keeps the current word', () => {
    const h = setup();
    h.player.goTo(2);
    h.player.removeWord(1);
    expect(h.snap().index).toBe(1);
    expect(h.snap().words[h.snap().index]?.id).toBe(3);
  });

  it('taking out the sounding word during play-all stops it and goes on with the card now in its place', async () => {
    const h = setup();
    h.player.togglePlayAll();
    await flush();
    const first = h.clips.last();
    first?.start();
    h.player.removeWord(1);
    expect(first?.signal.aborted).toBe(true);
    expect(h.snap()).toMatchObject({ mode: 'playAll', index: 0 });
    await advance(STOP_DELAY_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.last()?.source).toBe('/media/2-es1.mp3');
    expect(h.snap().index).toBe(0);
    await soundCard(h);
    await advance(CARD_GAP_MS);
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.played).toEqual([2, 3]);
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 1 });
  });

  it('taking out the last sounding word ends the loop instead of playing the previous card again', async () => {
    const h = setup({ words: [word(1), word(2)], settings: { loopPlayAll: 2 } });
    h.player.goTo(1);
    h.player.togglePlayAll();
    await flush();
    h.player.removeWord(2);
    expect(h.snap().index).toBe(0);
    await advance(STOP_DELAY_MS);
    // The second loop starts at the first card, which is word 1.
    expect(h.snap()).toMatchObject({ mode: 'playAll', loop: 2, index: 0 });
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.played).toEqual([1]);
    expect(h.snap().mode).toBe('idle');
  });

  it('taking out the word of a single play stops it', async () => {
    const h = setup();
    h.player.playCard();
    await flush();
    h.player.removeWord(1);
    expect(h.clips.last()?.signal.aborted).toBe(true);
    await flush();
    expect(h.snap()).toMatchObject({ mode: 'idle', index: 0 });
    await advance(60_000);
    expect(h.played).toEqual([]);
    expect(h.clips.calls).toHaveLength(1);
  });

  it('updateWord merges the changes onto the word as it is now, forgetting clips only for new texts or clips', () => {
    const h = setup({ words: [word(1), word(2, { attempts: 4 })] });
    const before = h.snap();
    h.player.updateWord(2, { example: 'Nueva frase' });
    expect(h.forgotten).toEqual([2]);
    expect(h.snap()).not.toBe(before);
    expect(h.snap().words[1]).toMatchObject({ id: 2, example: 'Nueva frase', attempts: 4 });
    expect(h.snap().index).toBe(0);
    h.player.updateWord(2, { imageUrl: '/media/new.png', isSpacedRepetitionDue: false });
    expect(h.forgotten).toEqual([2]);
    expect(h.snap().words[1]).toMatchObject({ example: 'Nueva frase', imageUrl: '/media/new.png' });
  });

  it('goes on with the right card when a word before it is also taken out during play-all', async () => {
    const h = setup({ words: [word(1), word(2), word(3), word(4)] });
    h.player.goTo(1);
    h.player.stop();
    h.player.togglePlayAll();
    await flush();
    h.clips.last()?.start();
    // The sounding word 2 is hidden, then word 1 (before it) is retired: play-all goes on with word 3.
    h.player.removeWord(2);
    h.player.removeWord(1);
    await advance(STOP_DELAY_MS);
    expect(h.clips.last()?.source).toBe('/media/3-es1.mp3');
    await soundCard(h);
    await advance(CARD_GAP_MS);
    expect(h.clips.last()?.source).toBe('/media/4-es1.mp3');
  });

  it('setWords keeps the current word by id, else clamps the index', () => {
    const h = setup();
    h.player.goTo(1);
    h.player.setWords([word(3), word(4), word(2)]);
    expect(h.snap().index).toBe(2);
    h.player.setWords([word(5), word(6)]);
    expect(h.snap().index).toBe(1);
    h.player.setWords([]);
    expect(h.snap()).toMatchObject({ index: 0, words: [] });
    h.player.togglePlayAll();
    h.player.playCard();
    expect(h.snap().mode).toBe('idle');
  });
});

describe('snapshots', () => {
  it('are the same object until something changes, and listeners hear each change', () => {
    const h = setup();
    const listener = vi.fn();
    const unsubscribe = h.player.subscribe(listener);
    const first = h.snap();
    expect(h.snap()).toBe(first);
    h.player.setSettings({ ...baseSettings });
    expect(h.snap()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    expect(Object.isFrozen(first)).toBe(true);
    h.player.next();
    expect(h.snap()).not.toBe(first);
    expect(first.index).toBe(0);
    expect(listener).toHaveBeenCalledTimes(1);
    h.player.setSettings({ ...baseSettings, loopPlayAll: 5 });
    expect(h.snap().totalLoops).toBe(5);
    unsubscribe();
    h.player.next();
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('dispose', () => {
  it('leaves no timers, and later commands do nothing', async () => {
    const h = setup();
    h.player.togglePlayAll();
    await flush();
    h.clips.last()?.start(2_000);
    h.player.stop();
    h.player.togglePlayAll();
    await flush();
    expect(vi.getTimerCount()).toBeGreaterThan(0);
    h.player.dispose();
    await flush();
    expect(vi.getTimerCount()).toBe(0);
    expect(h.snap().mode).toBe('idle');
    h.player.playCard();
    h.player.togglePlayAll();
    h.player.next();
    await advance(60_000);
    expect(h.loadClips).toHaveBeenCalledTimes(2);
    expect(h.clips.calls).toHaveLength(1);
  });
});

/**
 * The audiobook player's timing (docs/product/audiobooks.md#playback), written out here so that a changed
 * constant fails: 8 s per clip, 10 ms between clips, 1 s between sentences of play-all.
 */
const CLIP_TIMEOUT_MS = 8_000;
const CLIP_GAP_MS = 10;
const SENTENCE_GAP_MS = 1_000;

describe('the audiobook player’s timing (one engine, two screens)', () => {
  const audiobook = (options: Parameters<typeof setup>[0] = {}) =>
    setup({ timing: AUDIOBOOK_TIMING, ...options });

  it('is docs/product/audiobooks.md#playback’s', () => {
    expect(AUDIOBOOK_TIMING).toEqual({
      voiceTimeoutMs: CLIP_TIMEOUT_MS,
      voiceGapMs: CLIP_GAP_MS,
      itemGapMs: SENTENCE_GAP_MS,
      requiresFirstVoice: true,
      speaksOnFailure: false,
      readsOn: true,
      playAllPress: 'stopsAnything',
    });
    expect(learnTiming.LEARN_TIMING.playAllPress).toBe('togglesPlayAll');
  });

  it('with autoplay reads on from a sentence played alone, 1 s after it ends, to the last one', async () => {
    const h = audiobook({ settings: { autoplayAudio: true, bilingualPlayback: false } });
    h.player.goTo(1);
    await flush();
    // goTo with autoplay plays sentence 2 alone; the book then reads on to sentence 3 and stops.
    expect(await sound(h)).toBe('/media/2-es1.mp3');
    await advance(CLIP_GAP_MS);
    expect(await sound(h)).toBe('/media/2-es2.mp3');
    await advance(SENTENCE_GAP_MS - 1);
    expect(h.snap().index).toBe(1);
    await advance(1);
    expect(h.snap()).toMatchObject({ index: 2, mode: 'single' });
    expect(await sound(h)).toBe('/media/3-es1.mp3');
    await advance(CLIP_GAP_MS);
    await sound(h);
    await advance(SENTENCE_GAP_MS);
    expect(h.snap()).toMatchObject({ index: 2, mode: 'idle' });
    expect(h.played).toEqual([2, 3]);
  });

  it('without autoplay plays a sentence alone and stops', async () => {
    const h = audiobook({ settings: { bilingualPlayback: false } });
    h.player.playCard();
    await sound(h);
    await advance(CLIP_GAP_MS);
    await sound(h);
    await advance(SENTENCE_GAP_MS * 2);
    expect(h.snap()).toMatchObject({ index: 0, mode: 'idle' });
    expect(h.clips.calls).toHaveLength(2);
  });

  it('starts at a restored position, clamped, without playing', async () => {
    const clips = createFakeClipPlayer();
    const open = (index: number) =>
      createLearnPlayer(
        {
          timing: AUDIOBOOK_TIMING,
          clipPlayer: clips.player,
          speech: createFakeSpeech().fallback,
          loadClips: (w) => Promise.resolve(listedClips(w)),
          forgetClips: () => undefined,
          prefetch: () => undefined,
          onCardPlayed: () => undefined,
          log: () => undefined,
        },
        { words: [word(1), word(2), word(3)], settings: { ...baseSettings, autoplayAudio: true }, index },
      );
    expect(open(2).getSnapshot()).toMatchObject({ index: 2, mode: 'idle' });
    expect(open(40).getSnapshot().index).toBe(2);
    await flush();
    expect(clips.calls).toHaveLength(0);
  });

  it('plays first Spanish, Russian when bilingual, then second Spanish, 10 ms apart', async () => {
    const h = audiobook();
    h.player.playCard();
    expect(await sound(h)).toBe('/media/1-es1.mp3');
    await advance(CLIP_GAP_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(await sound(h)).toBe('/media/1-ru.mp3');
    await advance(CLIP_GAP_MS);
    expect(await sound(h)).toBe('/media/1-es2.mp3');
    expect(h.played).toEqual([1]);

    const spanishOnly = audiobook({ settings: { bilingualPlayback: false } });
    spanishOnly.player.playCard();
    expect(await sound(spanishOnly)).toBe('/media/1-es1.mp3');
    await advance(CLIP_GAP_MS);
    expect(await sound(spanishOnly)).toBe('/media/1-es2.mp3');
  });

  it('skips a sentence whose first Spanish clip cannot be had: nothing plays, nothing counts', async () => {
    const h = audiobook({
      words: [word(1, { audioData: null }), word(2)],
      loadClips: (w) => Promise.resolve({ ...listedClips(w), spanish1: w.audioData }),
    });
    h.player.playCard();
    await flush();
    expect(h.clips.calls).toHaveLength(0);
    expect(h.played).toEqual([]);
    expect(h.logs.some((message) => message.includes('no first Spanish clip'))).toBe(true);
    // In play-all the next sentence follows.
    h.player.togglePlayAll();
    await advance(SENTENCE_GAP_MS);
    expect(h.snap().index).toBe(1);
    expect(await sound(h)).toBe('/media/2-es1.mp3');
  });

  it('skips a clip that fails instead of reading it by speech, and goes on', async () => {
    const h = audiobook();
    h.player.playCard();
    await failEveryAttempt(h);
    await advance(CLIP_GAP_MS);
    expect(await sound(h)).toBe('/media/1-ru.mp3');
    expect(h.speech.calls).toHaveLength(0);
  });

  it('skips a clip that has not started after 8 s', async () => {
    const h = audiobook();
    h.player.playCard();
    await flush();
    await advance(CLIP_TIMEOUT_MS - 1);
    expect(h.clips.calls).toHaveLength(1);
    await advance(1);
    expect(h.clips.calls[0]?.signal.aborted).toBe(true);
    await advance(CLIP_GAP_MS);
    expect(h.clips.last()?.source).toBe('/media/1-ru.mp3');
  });

  it('moves to the next sentence of play-all 1 s after one ends, later loops from the first sentence', async () => {
    const h = audiobook({ settings: { loopPlayAll: 2 } });
    h.player.goTo(2);
    h.player.togglePlayAll();
    const positions: [number, number][] = [];
    for (let sentence = 0; sentence < 4; sentence += 1) {
      if (sentence > 0) {
        await advance(SENTENCE_GAP_MS - 1);
        expect(h.clips.calls.filter((call) => !call.settled)).toHaveLength(0);
        await advance(1);
      }
      positions.push([h.snap().index, h.snap().loop]);
      await sound(h);
      await advance(CLIP_GAP_MS);
      await sound(h);
      await advance(CLIP_GAP_MS);
      await sound(h);
    }
    expect(positions).toEqual([
      [2, 1],
      [0, 2],
      [1, 2],
      [2, 2],
    ]);
    expect(h.played).toEqual([3, 1, 2, 3]);
    await advance(SENTENCE_GAP_MS);
    expect(h.snap().mode).toBe('idle');
  });

  describe('the play-all button (docs/product/audiobooks.md#playback)', () => {
    /** Clips that load only when the test says so, sentence by sentence. */
    function heldClips() {
      const pending = new Map<number, () => void>();
      return {
        loadClips: (w: PlayerWord) =>
          new Promise<CardClips>((resolve) => {
            pending.set(w.id, () => resolve(listedClips(w)));
          }),
        release: (id: number) => pending.get(id)?.(),
      };
    }

    it('stops a sentence playing alone, cutting its clip, and starts nothing', async () => {
      const h = audiobook({ settings: { autoplayAudio: true } });
      h.player.playCard();
      await flush();
      h.clips.last()?.start();
      expect(h.snap()).toMatchObject({ mode: 'single', isStarting: false });
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'idle', index: 0, voice: null });
      expect(h.clips.calls[0]?.signal.aborted).toBe(true);
      expect(h.clips.state.stops).toBeGreaterThan(0);
      await advance(60_000);
      expect(h.clips.calls).toHaveLength(1);
      expect(h.played).toEqual([]);
      // Once nothing plays, the next press starts play-all.
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'playAll', loop: 1 });
    });

    it('stops a sentence read on by autoplay in the gap between two sentences', async () => {
      const h = audiobook({ settings: { autoplayAudio: true, bilingualPlayback: false } });
      h.player.playCard();
      await sound(h);
      await advance(CLIP_GAP_MS);
      await sound(h);
      await advance(SENTENCE_GAP_MS / 2);
      expect(h.snap()).toMatchObject({ mode: 'single', index: 0 });
      h.player.togglePlayAll();
      expect(h.snap().mode).toBe('idle');
      await advance(60_000);
      expect(h.snap().index).toBe(0);
      expect(h.clips.calls).toHaveLength(2);
    });

    it('ignores a second press while play-all starts, until its first voice sounds; then a press stops it', async () => {
      const held = heldClips();
      const h = audiobook({ loadClips: held.loadClips });
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: true });
      // The learner presses again while the first sentence's clips are being made: play-all goes on.
      h.player.togglePlayAll();
      await advance(2_000);
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: true });
      held.release(1);
      await flush();
      expect(h.clips.calls).toHaveLength(1);
      // Loaded but not sounding yet: still starting.
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: true });
      expect(h.clips.last()?.signal.aborted).toBe(false);
      h.clips.last()?.start();
      expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: false, voice: 'spanish1' });
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'idle', isStarting: false });
      expect(h.clips.last()?.signal.aborted).toBe(true);
    });

    it('ignores a press while a tapped sentence starts too', async () => {
      const held = heldClips();
      const h = audiobook({ loadClips: held.loadClips });
      h.player.playCard();
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ mode: 'single', isStarting: true });
      held.release(1);
      await flush();
      h.clips.last()?.start();
      h.player.togglePlayAll();
      expect(h.snap().mode).toBe('idle');
    });

    it('ends the start with the first sentence even when nothing of it sounded, so a press stops play-all', async () => {
      const h = audiobook({
        words: [word(1, { audioData: null }), word(2)],
        loadClips: (w) => Promise.resolve({ ...listedClips(w), spanish1: w.audioData }),
      });
      h.player.togglePlayAll();
      await flush();
      // The first sentence had no first Spanish clip and was skipped: the start is over.
      expect(h.snap()).toMatchObject({ mode: 'playAll', isStarting: false, index: 0 });
      h.player.togglePlayAll();
      expect(h.snap().mode).toBe('idle');
      await advance(60_000);
      expect(h.clips.calls).toHaveLength(0);
    });

    it('ends the start when the browser refuses the sound: a press stops instead of waiting for the tap', async () => {
      const h = audiobook();
      h.player.togglePlayAll();
      await flush();
      h.clips.last()?.fail(notAllowed());
      await flush();
      expect(h.snap()).toMatchObject({ soundBlocked: true, isStarting: false, mode: 'playAll' });
      h.player.togglePlayAll();
      expect(h.snap()).toMatchObject({ soundBlocked: false, mode: 'idle' });
    });

    it('prepares the audio output inside the press, before the first clip is loaded, at every start', async () => {
      const events: string[] = [];
      const h = audiobook({
        settings: { autoplayAudio: true },
        beforePlayback: () => events.push('prepare'),
        loadClips: (w) => {
          events.push(`load ${w.id}`);
          return Promise.resolve(listedClips(w));
        },
      });
      expect(events).toEqual([]);
      h.player.togglePlayAll();
      // Synchronously, within the press itself, and before anything is loaded.
      expect(events).toEqual(['prepare', 'load 1']);
      await flush();
      expect(h.clips.calls).toHaveLength(1);
      // A sentence tapped, and one played by moving with autoplay, are starts too.
      h.player.playCard();
      expect(events.slice(2)).toEqual(['prepare', 'load 1']);
      h.player.stop();
      h.player.next();
      expect(events.slice(4)).toEqual(['prepare', 'load 2']);
    });

    it('leaves Learn’s screen with its own rule: a second press while starting stops (part 2)', async () => {
      const held = heldClips();
      const h = setup({ loadClips: held.loadClips });
      h.player.togglePlayAll();
      h.player.togglePlayAll();
      expect(h.snap().mode).toBe('idle');
    });
  });
});
