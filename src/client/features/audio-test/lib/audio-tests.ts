/**
 * The audio diagnostics' five tests (docs/product/audiobooks.md#audio-diagnostics), in order: the audio
 * context, the audio session, one clip, a sequence of clips, and retries. No React and no browser here: the
 * page hands in what touches the device, and unit tests drive the run with fake timers.
 */

export const AUDIO_TEST_IDS = [
  'audioContext',
  'audioSession',
  'singleAudio',
  'multipleAudio',
  'retryLogic',
] as const;
export type AudioTestId = (typeof AUDIO_TEST_IDS)[number];
export type AudioTestStatus = 'pending' | 'running' | 'passed' | 'failed';

export interface AudioTestResult {
  id: AudioTestId;
  status: AudioTestStatus;
  /** What the test saw, line by line, in English or as data (shown as it is, in the collapsible details). */
  details: string[];
}

/** The retry test's attempts, and the pause between two tests (500 to 1000 ms). */
export const RETRY_ATTEMPTS = 3;
export const GAP_MIN_MS = 500;
export const GAP_MAX_MS = 1000;

export const SINGLE_TEXT = 'Hola, esta es una prueba de audio.';
export const SEQUENCE_TEXTS = ['Uno.', 'Dos.', 'Tres.'] as const;

export interface AudioTestDeps {
  /** Creates (or reuses) and resumes the page's audio context; resolves with its state. */
  initAudioContext(): Promise<string>;
  /** Begins the page's audio session and unlocks playback (iOS needs it before the first clip). */
  prepareSession(): Promise<string>;
  /** Makes the clip of a Spanish text with the fixed test voice; resolves with its source. */
  clipOf(text: string, signal: AbortSignal): Promise<string>;
  /** Plays a source to its end; rejects when it cannot be played. */
  play(source: string, signal: AbortSignal): Promise<void>;
  /** A source no browser can play: the retry test's first attempt. */
  brokenSource: string;
  sleep(ms: number, signal: AbortSignal): Promise<void>;
  random(): number;
}

const messageOf = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

async function runOne(id: AudioTestId, deps: AudioTestDeps, signal: AbortSignal): Promise<string[]> {
  switch (id) {
    case 'audioContext':
      return [`state: ${await deps.initAudioContext()}`];
    case 'audioSession':
      return [await deps.prepareSession()];
    case 'singleAudio': {
      const source = await deps.clipOf(SINGLE_TEXT, signal);
      await deps.play(source, signal);
      return [`played: ${source}`];
    }
    case 'multipleAudio': {
      const lines: string[] = [];
      for (const text of SEQUENCE_TEXTS) {
        const source = await deps.clipOf(text, signal);
        await deps.play(source, signal);
        lines.push(`played ${lines.length + 1}/${SEQUENCE_TEXTS.length}: ${source}`);
      }
      return lines;
    }
    case 'retryLogic': {
      // The first attempt plays a broken clip on purpose: the test passes when it fails and a later attempt
      // recovers. A broken clip that "plays" fails the test outright: the device hides failures, so the
      // retries it would rely on never run.
      const lines: string[] = [];
      const source = await deps.clipOf(SINGLE_TEXT, signal);
      for (let attempt = 1; attempt <= RETRY_ATTEMPTS; attempt += 1) {
        const isBroken = attempt === 1;
        try {
          await deps.play(isBroken ? deps.brokenSource : source, signal);
        } catch (error) {
          if (signal.aborted) throw error;
          lines.push(`attempt ${attempt}: ${messageOf(error)}`);
          continue;
        }
        lines.push(`attempt ${attempt}: played`);
        if (isBroken) throw new Error([...lines, 'a broken clip played: failures go unnoticed'].join('; '));
        return lines;
      }
      throw new Error(lines.join('; '));
    }
  }
}

/**
 * Runs the five tests in order, 500–1000 ms apart; a failed test is reported and the next one runs.
 * `onUpdate` receives every change of the list. Stops (leaving the rest pending) when the signal aborts.
 */
export async function runAudioTests(
  deps: AudioTestDeps,
  onUpdate: (results: readonly AudioTestResult[]) => void,
  signal: AbortSignal,
): Promise<AudioTestResult[]> {
  let results: AudioTestResult[] = AUDIO_TEST_IDS.map((id) => ({ id, status: 'pending', details: [] }));
  const set = (id: AudioTestId, change: Partial<AudioTestResult>) => {
    results = results.map((result) => (result.id === id ? { ...result, ...change } : result));
    onUpdate(results);
  };
  // Read through a call: an await can abort the signal, which TypeScript's narrowing does not see.
  const isStopped = () => signal.aborted;
  onUpdate(results);
  for (const [at, id] of AUDIO_TEST_IDS.entries()) {
    if (isStopped()) break;
    if (at > 0) {
      await deps.sleep(GAP_MIN_MS + Math.floor(deps.random() * (GAP_MAX_MS - GAP_MIN_MS + 1)), signal);
      if (isStopped()) break;
    }
    set(id, { status: 'running' });
    try {
      set(id, { status: 'passed', details: await runOne(id, deps, signal) });
    } catch (error) {
      set(id, { status: 'failed', details: [messageOf(error)] });
    }
  }
  return results;
}
