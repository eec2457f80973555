import { describe, expect, it, vi } from 'vitest';
import type { PlayerWord, VoiceSlot } from '../../../src/client/lib/audio/learn-player.types';
import {
  createSentenceAudioLoader,
  type SentenceVoiceType,
} from '../../../src/client/lib/audio/sentence-audio-loader';

const sentence = (overrides: Partial<PlayerWord> = {}): PlayerWord => ({
  id: 7,
  spanish: 'El perro corre.',
  russian: 'Собака бежит.',
  example: null,
  exampleTranslation: null,
  attempts: 0,
  audioData: null,
  russianAudioData: null,
  secondVoiceAudioData: null,
  imageUrl: null,
  isActive: true,
  isSpacedRepetitionDue: false,
  ...overrides,
});

function setup(voices: VoiceSlot[] = ['spanish1', 'russian', 'spanish2']) {
  const made: string[] = [];
  const fetchClip = vi.fn((id: number, voiceType: SentenceVoiceType) =>
    Promise.resolve(voiceType === 'russian' ? null : `/media/${id}-${voiceType}.mp3`),
  );
  const loader = createSentenceAudioLoader({
    fetchClip,
    voicesFor: () => voices,
    onClipMade: (id, slot, source) => made.push(`${id}:${slot}:${source}`),
    log: () => undefined,
  });
  return { loader, fetchClip, made };
}

const signal = () => new AbortController().signal;

describe('the audiobook clip loader (docs/product/audiobooks.md#playback)', () => {
  it('uses stored clips and asks the server only for the voices that will play and are missing', async () => {
    const h = setup(['spanish1', 'spanish2']);
    const clips = await h.loader.loadClips(sentence({ audioData: '/media/stored-main.mp3' }), signal());
    expect(clips).toEqual({
      spanish1: '/media/stored-main.mp3',
      russian: null,
      spanish2: '/media/7-second.mp3',
    });
    expect(h.fetchClip.mock.calls.map(([, voiceType]) => voiceType)).toEqual(['second']);
    expect(h.made).toEqual(['7:spanish2:/media/7-second.mp3']);
  });

  it('counts a stored clip under 10 characters as missing', async () => {
    const h = setup(['spanish1']);
    const clips = await h.loader.loadClips(sentence({ audioData: 'abc' }), signal());
    expect(clips.spanish1).toBe('/media/7-main.mp3');
  });

  it('leaves a voice the server could not make null, and shares one request between two loads', async () => {
    const h = setup();
    const [first, second] = await Promise.all([
      h.loader.loadClips(sentence(), signal()),
      h.loader.loadClips(sentence(), signal()),
    ]);
    expect(first).toEqual(second);
    expect(first.russian).toBeNull();
    expect(h.fetchClip).toHaveBeenCalledTimes(3);
  });

  it('rejects for a caller that gives up, while the request goes on for the others', async () => {
    const h = setup(['spanish1']);
    const controller = new AbortController();
    const loading = h.loader.loadClips(sentence(), controller.signal);
    controller.abort();
    await expect(loading).rejects.toThrow();
    await vi.waitFor(() => expect(h.made).toEqual(['7:spanish1:/media/7-main.mp3']));
  });
});
