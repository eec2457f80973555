import loadEspeakModule, { type eSpeakNGWorker } from '@echogarden/espeak-ng-emscripten';

/** What one utterance is rendered with, in eSpeak's own terms. */
export interface EspeakRenderRequest {
  text: string;
  /** A language with an optional variant, e.g. `es-419+f1`. */
  espeakVoice: string;
  wordsPerMinute: number;
  /** 0–100, 50 normal. */
  pitch: number;
  /** 0–100, 50 normal. */
  pitchRange: number;
}

export interface RenderedPcm {
  samples: Int16Array;
  sampleRate: number;
}

/** The range eSpeak accepts for espeakRATE. */
const MIN_WORDS_PER_MINUTE = 80;
const MAX_WORDS_PER_MINUTE = 450;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/**
 * One eSpeak NG instance. eSpeak keeps its voice, rate and pitch in global C state and is not re-entrant,
 * so an engine must only ever be driven by one caller at a time; `render` is synchronous, which makes that
 * hold inside one thread without a lock.
 */
export class EspeakEngine {
  /** set_voice reloads the voice file (and the dictionary on a language change): skip it when unchanged. */
  private currentVoice: string | undefined;

  private constructor(private readonly speaker: eSpeakNGWorker) {}

  static async load(): Promise<EspeakEngine> {
    const module = await loadEspeakModule();
    return new EspeakEngine(new module.eSpeakNGWorker());
  }

  render(request: EspeakRenderRequest): RenderedPcm {
    if (request.espeakVoice !== this.currentVoice) {
      // Forget the voice first: if loading fails half-way, the next call must not trust the old one.
      this.currentVoice = undefined;
      const status = this.speaker.set_voice(request.espeakVoice);
      if (status !== 0) throw new Error(`eSpeak rejected voice ${request.espeakVoice} (status ${status})`);
      this.currentVoice = request.espeakVoice;
    }
    this.speaker.set_rate(
      Math.round(clamp(request.wordsPerMinute, MIN_WORDS_PER_MINUTE, MAX_WORDS_PER_MINUTE)),
    );
    this.speaker.set_pitch(Math.round(clamp(request.pitch, 0, 100)));
    this.speaker.set_range(Math.round(clamp(request.pitchRange, 0, 100)));

    const chunks: Int16Array[] = [];
    let length = 0;
    this.speaker.synthesize(request.text, (samples) => {
      if (samples.length > 0) {
        chunks.push(samples);
        length += samples.length;
      }
      return false;
    });

    const samples = new Int16Array(length);
    let offset = 0;
    for (const chunk of chunks) {
      samples.set(chunk, offset);
      offset += chunk.length;
    }
    return { samples, sampleRate: this.speaker.get_samplerate() };
  }
}
