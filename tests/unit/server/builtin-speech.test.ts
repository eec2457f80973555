import { availableParallelism } from 'node:os';
import { MPEGDecoder } from 'mpg123-decoder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  builtinSpeechQueue,
  createBuiltinSpeech,
} from '../../../src/server/providers/builtin-speech/builtin-speech.provider';
import {
  SPEECH_MEMORY_BUDGET_MB,
  SpeechWorkerPool,
  WORKER_MEMORY_MB,
} from '../../../src/server/providers/builtin-speech/speech-worker-pool';
import { SpeechWorkerQueue } from '../../../src/server/providers/builtin-speech/speech-worker-queue';
import { isProviderError } from '../../../src/server/providers/provider-error';
import type { SpeechLanguage, SpeechRequest } from '../../../src/server/providers/speech';

const SPANISH = 'El perro come en la cocina.';
const RUSSIAN = 'Собака ест на кухне.';

interface DecodedClip {
  samples: Float32Array;
  sampleRate: number;
  seconds: number;
  rms: number;
}

let decoder: MPEGDecoder;

function decode(mp3: Buffer): DecodedClip {
  const decoded = decoder.decode(new Uint8Array(mp3));
  const samples = decoded.channelData[0] ?? new Float32Array(0);
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return {
    samples,
    sampleRate: decoded.sampleRate,
    seconds: decoded.samplesDecoded / decoded.sampleRate,
    rms: samples.length ? Math.sqrt(sum / samples.length) : 0,
  };
}

/**
 * Median fundamental frequency of the voiced frames, by normalised autocorrelation: crude, but a male
 * and a female eSpeak variant are an octave or so apart, far more than its error.
 */
function medianPitchHz(clip: DecodedClip): number {
  const frame = 1024;
  const minLag = Math.floor(clip.sampleRate / 400);
  const maxLag = Math.floor(clip.sampleRate / 60);
  const pitches: number[] = [];
  for (let start = 0; start + frame + maxLag < clip.samples.length; start += frame / 2) {
    let energy = 0;
    for (let i = start; i < start + frame; i += 1) energy += clip.samples[i]! ** 2;
    if (Math.sqrt(energy / frame) < clip.rms) continue;
    let bestLag = 0;
    let best = 0;
    for (let lag = minLag; lag <= maxLag; lag += 1) {
      let cross = 0;
      let shifted = 0;
      for (let i = start; i < start + frame; i += 1) {
        cross += clip.samples[i]! * clip.samples[i + lag]!;
        shifted += clip.samples[i + lag]! ** 2;
      }
      const correlation = cross / Math.sqrt(energy * shifted || 1);
      if (correlation > best) {
        best = correlation;
        bestLag = lag;
      }
    }
    if (best > 0.5) pitches.push(clip.sampleRate / bestLag);
  }
  pitches.sort((a, b) => a - b);
  return pitches[Math.floor(pitches.length / 2)] ?? 0;
}

const speech = createBuiltinSpeech();

const request = (overrides: Partial<SpeechRequest> & { language: SpeechLanguage }): SpeechRequest => ({
  text: overrides.language === 'ru-RU' ? RUSSIAN : SPANISH,
  voiceId: overrides.language === 'ru-RU' ? 'builtin:ru-RU-f3' : 'builtin:es-ES-m3',
  speed: 1,
  ...overrides,
});

async function speak(overrides: Partial<SpeechRequest> & { language: SpeechLanguage }) {
  const result = await speech.synthesize(request(overrides));
  return { result, clip: decode(result.audio) };
}

beforeAll(async () => {
  decoder = new MPEGDecoder();
  await decoder.ready;
});

afterAll(async () => {
  decoder.free();
  await builtinSpeechQueue().close();
});

describe('built-in speech: voices', () => {
  it('lists Spanish voices for Spain and Latin America in both genders, and Russian voices', async () => {
    const voices = await speech.listVoices();
    const spanish = voices.filter((voice) => voice.languages.includes('es'));
    const russian = voices.filter((voice) => voice.languages.includes('ru'));

    expect(new Set(spanish.map((voice) => voice.labels.locale))).toEqual(new Set(['es-ES', 'es-419']));
    expect(new Set(spanish.map((voice) => voice.labels.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(russian.map((voice) => voice.labels.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(voices.map((voice) => voice.voiceId)).size).toBe(voices.length);
    // The first two Spanish voices feed a card's two Spanish clips: they must not sound alike.
    expect(spanish[0]!.labels.accent).not.toBe(spanish[1]!.labels.accent);
    expect(spanish[0]!.labels.gender).not.toBe(spanish[1]!.labels.gender);
  });

  it('labels every voice as an offline built-in voice and owns exactly the builtin: ids', async () => {
    for (const voice of await speech.listVoices()) {
      expect(voice.provider).toBe('builtin');
      expect(voice.voiceId).toMatch(/^builtin:/);
      expect(voice.labels).toMatchObject({ provider: 'builtin', offline: 'true' });
      expect(voice.labels.language).toBe(voice.languages[0]);
      expect(voice.labels.accent).toBeTruthy();
      expect(['male', 'female']).toContain(voice.labels.gender);
      expect(speech.ownsVoice(voice.voiceId)).toBe(true);
    }
    expect(speech.ownsVoice('openai:alloy')).toBe(false);
    expect(speech.model).toBe('espeak-ng');
    expect(speech.ownsVoice('21m00Tcm4TlvDq8ikWAM')).toBe(false);
  });

  it('names the voice that will really speak, before synthesis', async () => {
    const listed = new Set((await speech.listVoices()).map((voice) => voice.voiceId));
    expect(speech.voiceFor('builtin:es-419-m1', 'es-MX')).toBe('builtin:es-419-m1');
    for (const [voiceId, language, prefix] of [
      ['builtin:nope', 'ru-RU', 'builtin:ru-RU-'],
      ['21m00Tcm4TlvDq8ikWAM', 'es-MX', 'builtin:es-419-'],
      ['builtin:ru-RU-m3', 'es-ES', 'builtin:es-ES-'],
    ] as const) {
      const spoken = speech.voiceFor(voiceId, language);
      expect(spoken.startsWith(prefix)).toBe(true);
      expect(listed.has(spoken)).toBe(true);
    }
  });
});

describe('built-in speech: synthesis', () => {
  it.each([
    ['Spanish', 'es-ES', SPANISH],
    ['Latin American Spanish', 'es-MX', SPANISH],
    ['Russian', 'ru-RU', RUSSIAN],
  ] as const)('speaks %s as an audible mono MP3 of plausible length', async (_name, language, text) => {
    const { result, clip } = await speak({ language, text, voiceId: 'builtin:unknown' });

    expect(result.mimeType).toBe('audio/mpeg');
    expect(result.model).toBe('espeak-ng');
    expect(result.audio.readUInt16BE(0) & 0xffe0).toBe(0xffe0);
    // Channel mode in the first frame header: 0b11 is single channel (the decoder itself always gives two).
    expect(result.audio[3]! >> 6).toBe(0b11);
    expect(clip.sampleRate).toBe(22050);
    expect(clip.rms).toBeGreaterThan(0.02);
    expect(clip.seconds).toBeGreaterThan(0.8);
    expect(clip.seconds).toBeLessThan(6);
    // About 48 kbps: a sentence is kilobytes, not a WAV's hundreds of them.
    expect((result.audio.length * 8) / clip.seconds / 1000).toBeLessThan(70);
  });

  it('gives the two Spanish voices different sound: the female one is pitched clearly higher', async () => {
    const male = await speak({ language: 'es-ES', voiceId: 'builtin:es-ES-m3' });
    const female = await speak({ language: 'es-MX', voiceId: 'builtin:es-419-f1' });

    expect(male.result.audio.equals(female.result.audio)).toBe(false);
    const malePitch = medianPitchHz(male.clip);
    const femalePitch = medianPitchHz(female.clip);
    expect(malePitch).toBeGreaterThan(60);
    expect(femalePitch).toBeGreaterThan(malePitch * 1.3);
  });

  it('gives the Russian voices different sound too', async () => {
    const female = await speak({ language: 'ru-RU', voiceId: 'builtin:ru-RU-f3' });
    const male = await speak({ language: 'ru-RU', voiceId: 'builtin:ru-RU-m3' });
    expect(medianPitchHz(female.clip)).toBeGreaterThan(medianPitchHz(male.clip) * 1.3);
  });

  it('speaks more slowly at speed 0.75 than at 1.2', async () => {
    const slow = await speak({ language: 'es-ES', speed: 0.75 });
    const fast = await speak({ language: 'es-ES', speed: 1.2 });
    expect(slow.clip.seconds).toBeGreaterThan(fast.clip.seconds * 1.3);
  });

  // eSpeak varies its output slightly from run to run (flutter, breath noise), so nothing here compares bytes.
  it('reads Russian text with a Russian voice even when handed a Spanish voice id', async () => {
    const withSpanishId = await speak({ language: 'ru-RU', voiceId: 'builtin:es-ES-f3' });
    const withRussianId = await speak({ language: 'ru-RU', voiceId: 'builtin:ru-RU-f3' });
    // A Spanish voice spells Cyrillic out letter by letter: about 14 s for this sentence instead of 1.
    expect(withSpanishId.clip.seconds).toBeLessThan(withRussianId.clip.seconds * 1.25);
    expect(medianPitchHz(withSpanishId.clip)).toBeGreaterThan(160);
  });

  it('lets the intonation style change the delivery', async () => {
    const plain = medianPitchHz((await speak({ language: 'es-ES' })).clip);
    const excited = medianPitchHz(
      (await speak({ language: 'es-ES', intonationStyle: 'excited-female' })).clip,
    );
    const unknown = medianPitchHz(
      (await speak({ language: 'es-ES', intonationStyle: 'no-such-style' })).clip,
    );
    expect(excited).toBeGreaterThan(plain * 1.12);
    expect(Math.abs(unknown - plain)).toBeLessThan(plain * 0.06);
  });

  it('does not read the highlight markers or emoji aloud', async () => {
    const plain = await speak({ language: 'es-ES', text: 'El perro come.' });
    const marked = await speak({ language: 'es-ES', text: 'El **perro** 🐶 come. 🍖' });
    // Read as written, eSpeak names the asterisks and emoji: about 5 s instead of 0.8.
    expect(Math.abs(marked.clip.seconds - plain.clip.seconds)).toBeLessThan(plain.clip.seconds * 0.15);
  });

  it('serves concurrent requests, each with its own audio', async () => {
    const texts = [
      ['es-ES', 'Uno, dos, tres.'],
      ['ru-RU', 'Доброе утро.'],
      ['es-MX', 'Buenas noches, amigos.'],
      ['ru-RU', RUSSIAN],
      ['es-ES', SPANISH],
      ['es-MX', '¿Dónde está la biblioteca?'],
    ] as const;
    const results = await Promise.all(texts.map(([language, text]) => speak({ language, text })));
    for (const { clip } of results) {
      expect(clip.rms).toBeGreaterThan(0.02);
      expect(clip.seconds).toBeGreaterThan(0.4);
    }
    expect(new Set(results.map(({ result }) => result.audio.toString('base64'))).size).toBe(texts.length);
  });

  it.each(['', '   \n ', '** **', '🐶🎉', '...'])('rejects text with nothing to say: %j', async (text) => {
    const failure: unknown = await speech
      .synthesize(request({ language: 'es-ES', text }))
      .catch((error: unknown) => error);
    expect(isProviderError(failure)).toBe(true);
    expect(failure).toMatchObject({ code: 'provider_rejected', provider: 'builtin' });
  });

  it('rejects a text too long to speak in one request', async () => {
    const failure: unknown = await speech
      .synthesize(request({ language: 'es-ES', text: 'hola '.repeat(1000) }))
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: 'provider_rejected', provider: 'builtin' });
  });

  it('stops before synthesising when the caller has already cancelled', async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled by test'));
    await expect(
      speech.synthesize(request({ language: 'es-ES', signal: controller.signal })),
    ).rejects.toThrow('cancelled by test');
  });
});

describe('built-in speech: worker queue', () => {
  const job = { text: 'Hola.', espeakVoice: 'es', wordsPerMinute: 165, pitch: 50, pitchRange: 50 };
  // Its own queue, so these jobs cannot be held up behind (or hold up) the provider tests' jobs.
  const queue = new SpeechWorkerQueue();
  afterAll(() => queue.close());

  it('drops a queued job whose caller cancels, and still runs the others', async () => {
    const controller = new AbortController();
    const first = queue.run({ ...job, text: 'Primero.' });
    const cancelled = queue.run({ ...job, text: 'Segundo.' }, controller.signal);
    const third = queue.run({ ...job, text: 'Tercero.' });
    controller.abort(new Error('changed my mind'));
    await expect(cancelled).rejects.toThrow('changed my mind');
    expect((await first).durationSeconds).toBeGreaterThan(0.2);
    expect((await third).durationSeconds).toBeGreaterThan(0.2);
  });

  it('lets a clip someone waits for pass every background clip still waiting', async () => {
    const finished: string[] = [];
    const run = (text: string, isBackground: boolean) =>
      queue.run({ ...job, text }, undefined, isBackground).then(() => finished.push(text));
    const all = [
      run('Fondo uno.', true),
      run('Fondo dos.', true),
      run('Fondo tres.', true),
      run('Ahora.', false),
      run('Fondo cuatro.', true),
    ];
    await Promise.all(all);
    // The first background clip was already running; the waited-for one went next.
    expect(finished).toEqual(['Fondo uno.', 'Ahora.', 'Fondo dos.', 'Fondo tres.', 'Fondo cuatro.']);
  });

  it('reports an eSpeak failure as bad output, and the worker goes on serving', async () => {
    await expect(queue.run({ ...job, espeakVoice: 'xx-nowhere' })).rejects.toMatchObject({
      code: 'provider_bad_output',
    });
    expect((await queue.run(job)).mp3.length).toBeGreaterThan(0);
  });

  it('fails a hung job as unavailable and does not leave the jobs behind it stuck', async () => {
    const impatient = new SpeechWorkerQueue({ jobTimeoutMs: 1 });
    try {
      const results = await Promise.allSettled([impatient.run(job), impatient.run(job)]);
      for (const result of results) {
        expect(result).toMatchObject({ status: 'rejected', reason: { code: 'provider_unavailable' } });
      }
    } finally {
      await impatient.close();
    }
  });
});

describe('built-in speech: worker pool', () => {
  const job = { text: 'Hola.', espeakVoice: 'es', wordsPerMinute: 165, pitch: 50, pitchRange: 50 };

  it('has as many workers as the memory budget and the cores allow, and spreads jobs over its workers', async () => {
    const byDefault = new SpeechWorkerPool();
    expect(byDefault.size).toBeGreaterThanOrEqual(1);
    expect(byDefault.size).toBeLessThanOrEqual(availableParallelism());
    // One worker always; a second only if both fit the budget.
    expect(byDefault.size === 1 || byDefault.size * WORKER_MEMORY_MB <= SPEECH_MEMORY_BUDGET_MB).toBe(true);
    await byDefault.close();

    const pool = new SpeechWorkerPool(2);
    try {
      const jobs = ['Uno.', 'Dos.', 'Tres.', 'Cuatro.'].map((text) => pool.run({ ...job, text }));
      // Two jobs on each worker, none left waiting on a worker while the other idles.
      expect(pool.loads).toEqual([2, 2]);
      for (const result of await Promise.all(jobs)) expect(result.durationSeconds).toBeGreaterThan(0.2);
    } finally {
      await pool.close();
    }
  });
});
