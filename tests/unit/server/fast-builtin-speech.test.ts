import { describe, expect, it } from 'vitest';
import { createBuiltinSpeech } from '../../../src/server/providers/builtin-speech/builtin-speech.provider';
import type { SpeechRequest } from '../../../src/server/providers/speech';
import { createFastBuiltinSpeech } from '../../support/fast-builtin-speech';

/** The double stands in for eSpeak in integration tests, so it must behave like the real provider outside the sound. */
const speech = createFastBuiltinSpeech();
const request: SpeechRequest = {
  text: 'El perro come.',
  voiceId: 'builtin:es-ES-m3',
  language: 'es-ES',
  speed: 1,
};

/** Skips an ID3v2 tag (its size is syncsafe: seven bits a byte) and returns where the audio starts. */
function audioStart(mp3: Buffer): number {
  if (mp3.subarray(0, 3).toString('latin1') !== 'ID3') return 0;
  const size =
    ((mp3[6]! & 0x7f) << 21) | ((mp3[7]! & 0x7f) << 14) | ((mp3[8]! & 0x7f) << 7) | (mp3[9]! & 0x7f);
  return 10 + size;
}

describe('the fast built-in speech double', () => {
  it('answers real MP3: an ID3 tag, then MPEG audio frames', async () => {
    const { audio, mimeType, model } = await speech.synthesize(request);
    expect(mimeType).toBe('audio/mpeg');
    expect(model).toBe(createBuiltinSpeech().model);
    const start = audioStart(audio);
    expect(start).toBeGreaterThan(10);
    expect(start).toBeLessThan(audio.length);
    // MPEG frame sync: eleven set bits.
    expect(audio.readUInt16BE(start) & 0xffe0).toBe(0xffe0);
  });

  it('gives the same request the same bytes and a different text, voice or speed different bytes', async () => {
    const clip = async (change: Partial<SpeechRequest>) =>
      (await speech.synthesize({ ...request, ...change })).audio.toString('hex');
    const same = await clip({});
    expect(await clip({})).toBe(same);
    const others = [
      await clip({ text: 'El gato come.' }),
      await clip({ voiceId: 'builtin:es-419-f1', language: 'es-MX' }),
      await clip({ speed: 0.8 }),
    ];
    expect(new Set([same, ...others]).size).toBe(4);
  });

  it('keeps the real provider’s rules: voices, ownership and refusing text with nothing to speak', async () => {
    const real = createBuiltinSpeech();
    expect(await speech.listVoices()).toEqual(await real.listVoices());
    expect(speech.voiceFor('no-such-voice', 'ru-RU')).toBe(real.voiceFor('no-such-voice', 'ru-RU'));
    expect(speech.ownsVoice('builtin:es-ES-m3')).toBe(true);
    await expect(speech.synthesize({ ...request, text: '  ' })).rejects.toMatchObject({
      code: 'provider_rejected',
    });
  });
});
