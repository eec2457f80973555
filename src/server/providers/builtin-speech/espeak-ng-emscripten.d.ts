/**
 * The part of @echogarden/espeak-ng-emscripten's Emscripten/WebIDL surface this folder uses; the package
 * ships no types. Methods mirror eSpeak NG's C API (speak_lib.h).
 */
declare module '@echogarden/espeak-ng-emscripten' {
  export interface EspeakVoiceEntry {
    name: string;
    /** Path-like id under espeak-ng-data/voices, e.g. `roa/es-419`. */
    identifier: string;
    languages: Array<{ priority: number; name: string }>;
  }

  export interface EspeakEvent {
    type: string;
    text_position: number;
    word_length: number;
    audio_position: number;
    id: number | string | undefined;
  }

  export class eSpeakNGWorker {
    constructor();
    /** espeak_SetVoiceByName: a language (`es-419`) with an optional `+variant`; 0 on success. */
    set_voice(name: string): number;
    get_samplerate(): number;
    /** Words per minute, 80–450. */
    set_rate(wordsPerMinute: number): void;
    get_rate(): number;
    /** Base pitch, 0–100 (50 normal). */
    set_pitch(pitch: number): void;
    get_pitch(): number;
    /** Pitch range, 0–100 (50 normal, 0 monotone). */
    set_range(range: number): void;
    get_range(): number;
    set_volume(volume: number): void;
    list_voices(): EspeakVoiceEntry[];
    /** Calls back with each chunk of 16-bit mono samples; returning true stops synthesis. */
    synthesize(text: string, onChunk: (samples: Int16Array, events: EspeakEvent[]) => boolean): void;
  }

  export interface EspeakModule {
    eSpeakNGWorker: typeof eSpeakNGWorker;
  }

  /** Instantiates the WASM module and mounts its 24 MB voice-data package; call once per thread. */
  export default function loadEspeakModule(options?: Record<string, unknown>): Promise<EspeakModule>;
}
