import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  type CardAudioRequest,
  type CardVoices,
  createCardAudioLoader,
  FAILED_LOAD_RETRY_MS,
  type FetchedCardAudio,
} from '../../../src/client/lib/audio/card-audio-loader';
import type { PlayerWord } from '../../../src/client/lib/audio/learn-player.types';

const word = (overrides: Partial<PlayerWord> = {}): PlayerWord => ({
  id: 7,
  spanish: 'el perro',
  russian: 'собака',
  example: 'El **perro** corre 🐕.',
  exampleTranslation: '**Собака** бежит.',
  attempts: 0,
  audioData: '/media/es1.mp3',
  russianAudioData: '/media/ru.mp3',
  secondVoiceAudioData: '/media/es2.mp3',
  imageUrl: null,
  isActive: true,
  isSpacedRepetitionDue: false,
  ...overrides,
});

const missing = { audioData: null, russianAudioData: null, secondVoiceAudioData: null };

function setup(
  options: {
    fetched?: FetchedCardAudio | (() => Promise<FetchedCardAudio>);
    generate?: (request: CardAudioRequest) => Promise<string>;
    voices?: Partial<CardVoices>;
  } = {},
) {
  const logs: string[] = [];
  const voices: CardVoices = {
    spanish1: 'voice-es-1',
    russian: 'voice-ru',
    spanish2: 'voice-es-2',
    speed: 0.9,
    intonationStyle: 'excited-female',
    voiceStyle: 'calm',
    ...options.voices,
  };
  const fetchWordAudio = vi.fn<(wordId: number, signal: AbortSignal) => Promise<FetchedCardAudio>>(() => {
    const fetched = options.fetched ?? missing;
    return typeof fetched === 'function' ? fetched() : Promise.resolve(fetched);
  });
  const generateAudio = vi.fn<(request: CardAudioRequest, signal: AbortSignal) => Promise<string>>(
    options.generate ?? ((request) => Promise.resolve(`/media/generated-${request.voiceType}.mp3`)),
  );
  const loader = createCardAudioLoader({
    fetchWordAudio,
    generateAudio,
    voices: () => voices,
    log: (message) => logs.push(message),
  });
  return { loader, fetchWordAudio, generateAudio, logs, voices };
}

const signal = () => new AbortController().signal;

describe('card audio loader', () => {
  it('uses the list’s clips as they are when the word carries all three, without a request', async () => {
    const h = setup();
    await expect(h.loader.loadClips(word(), signal())).resolves.toEqual({
      spanish1: '/media/es1.mp3',
      russian: '/media/ru.mp3',
      spanish2: '/media/es2.mp3',
    });
    await expect(
      h.loader.loadClips(
        word({ audioData: 'SUQzBAAA', russianAudioData: 'data:audio/mpeg;base64,AAAA' }),
        signal(),
      ),
    ).resolves.toEqual({
      spanish1: 'data:audio/mpeg;base64,SUQzBAAA',
      russian: 'data:audio/mpeg;base64,AAAA',
      spanish2: '/media/es2.mp3',
    });
    expect(h.fetchWordAudio).not.toHaveBeenCalled();
    expect(h.generateAudio).not.toHaveBeenCalled();
  });

  it('asks the server for the card’s audio when a clip is missing', async () => {
    const h = setup({
      fetched: { audioData: '/media/a.mp3', russianAudioData: '/media/b.mp3', secondVoiceAudioData: 'SUQz' },
    });
    await expect(h.loader.loadClips(word({ russianAudioData: null }), signal())).resolves.toEqual({
      spanish1: '/media/a.mp3',
      russian: '/media/b.mp3',
      spanish2: 'data:audio/mpeg;base64,SUQz',
    });
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(1);
    expect(h.fetchWordAudio.mock.calls[0]?.[0]).toBe(7);
    expect(h.generateAudio).not.toHaveBeenCalled();
  });

  it('generates each clip still missing in the chosen voice, with its voice type, language and text', async () => {
    const h = setup({
      fetched: { audioData: null, russianAudioData: null, secondVoiceAudioData: '/media/es2.mp3' },
    });
    const clips = await h.loader.loadClips(word({ audioData: null, russianAudioData: null }), signal());
    expect(clips).toEqual({
      spanish1: '/media/generated-spanish1.mp3',
      russian: '/media/generated-russian.mp3',
      spanish2: '/media/es2.mp3',
    });
    const requests = h.generateAudio.mock.calls.map(([request]) => request);
    expect(requests).toEqual([
      {
        text: 'El perro corre',
        voiceId: 'voice-es-1',
        language: 'es-MX',
        speed: 0.9,
        intonationStyle: 'excited-female',
        voiceStyle: 'calm',
        wordId: 7,
        voiceType: 'spanish1',
      },
      {
        text: 'Собака бежит',
        voiceId: 'voice-ru',
        language: 'ru-RU',
        speed: 0.9,
        intonationStyle: 'excited-female',
        voiceStyle: 'calm',
        wordId: 7,
        voiceType: 'russian',
      },
    ]);
  });

  it('leaves a voice null when no voice is chosen for it, and reads the word when there is no example', async () => {
    const h = setup({ voices: { russian: null, spanish2: 'voice-es-2' } });
    const clips = await h.loader.loadClips(
      word({ example: null, exampleTranslation: null, ...missing }),
      signal(),
    );
    expect(clips.russian).toBeNull();
    expect(
      h.generateAudio.mock.calls.map(([request]) => [request.voiceType, request.voiceId, request.text]),
    ).toEqual([
      ['spanish1', 'voice-es-1', 'el perro'],
      ['spanish2', 'voice-es-2', 'el perro'],
    ]);
  });

  it('keeps a complete load: a later or concurrent load makes no request', async () => {
    let answer: (value: FetchedCardAudio) => void = () => undefined;
    const h = setup({
      fetched: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const incomplete = word({ russianAudioData: null });
    const first = h.loader.loadClips(incomplete, signal());
    const second = h.loader.loadClips(incomplete, signal());
    answer({
      audioData: '/media/a.mp3',
      russianAudioData: '/media/b.mp3',
      secondVoiceAudioData: '/media/c.mp3',
    });
    const clips = { spanish1: '/media/a.mp3', russian: '/media/b.mp3', spanish2: '/media/c.mp3' };
    expect(await first).toEqual(clips);
    expect(await second).toEqual(clips);
    await expect(h.loader.loadClips(incomplete, signal())).resolves.toEqual(clips);
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(1);
  });

  it('logs failures, leaves those voices null, and tries again a minute later', async () => {
    vi.useFakeTimers();
    onTestFinished(() => {
      vi.useRealTimers();
    });
    let failing = true;
    const h = setup({
      fetched: () => (failing ? Promise.reject(new Error('502')) : Promise.resolve(missing)),
      generate: (request) =>
        failing ? Promise.reject(new Error('quota')) : Promise.resolve(`/media/new-${request.voiceType}.mp3`),
    });
    const incomplete = word({ russianAudioData: null });
    const clips = await h.loader.loadClips(incomplete, signal());
    // The list's own clips stay; the missing one could not be made.
    expect(clips).toEqual({ spanish1: '/media/es1.mp3', russian: null, spanish2: '/media/es2.mp3' });
    expect(h.logs).toHaveLength(2);
    failing = false;
    // Within the minute the failed load still answers: a broken provider is not asked at every play.
    await vi.advanceTimersByTimeAsync(FAILED_LOAD_RETRY_MS - 1);
    expect((await h.loader.loadClips(incomplete, signal())).russian).toBeNull();
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await h.loader.loadClips(incomplete, signal())).russian).toBe('/media/new-russian.mp3');
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(2);
    await h.loader.loadClips(incomplete, signal());
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(2);
    expect(h.generateAudio).toHaveBeenCalledTimes(2);
  });

  it('loads again after forgetClips, or when the voices or the word’s texts change', async () => {
    const h = setup({
      fetched: { ...missing, audioData: '/media/a.mp3', secondVoiceAudioData: '/media/c.mp3' },
    });
    const incomplete = word({ russianAudioData: null });
    await h.loader.loadClips(incomplete, signal());
    await h.loader.loadClips(incomplete, signal());
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(1);
    h.loader.forgetClips(7);
    await h.loader.loadClips(incomplete, signal());
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(2);
    h.voices.russian = 'another-voice';
    await h.loader.loadClips(incomplete, signal());
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(3);
    expect(h.generateAudio.mock.calls.at(-1)?.[0].voiceId).toBe('another-voice');
    await h.loader.loadClips({ ...incomplete, exampleTranslation: 'Собака спит.' }, signal());
    expect(h.fetchWordAudio).toHaveBeenCalledTimes(4);
    expect(h.generateAudio.mock.calls.at(-1)?.[0].text).toBe('Собака спит');
  });

  it('rejects for a caller that gives up, while the shared load goes on for the others', async () => {
    let answer: (value: FetchedCardAudio) => void = () => undefined;
    const h = setup({
      fetched: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    });
    const incomplete = word({ russianAudioData: null });
    const leaving = new AbortController();
    const first = h.loader.loadClips(incomplete, leaving.signal);
    const second = h.loader.loadClips(incomplete, signal());
    leaving.abort();
    await expect(first).rejects.toThrow();
    answer({
      audioData: '/media/a.mp3',
      russianAudioData: '/media/b.mp3',
      secondVoiceAudioData: '/media/c.mp3',
    });
    await expect(second).resolves.toMatchObject({ russian: '/media/b.mp3' });
    const aborted = new AbortController();
    aborted.abort();
    await expect(h.loader.loadClips(word(), aborted.signal)).rejects.toThrow();
  });
});
