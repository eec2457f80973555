// @vitest-environment happy-dom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AudioTests from '../../../src/client/features/audio-test/lib/audio-tests';
import type { AudioTestResult } from '../../../src/client/features/audio-test/lib/audio-tests';
import {
  answerNewLearner,
  expectEnglish,
  findHeading,
  LEARNER_NAME,
  renderApp,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * The audio diagnostics after a run, in English (docs/product/errors.md#interface-language): every test
 * passed with its details open, scanned for Russian. The run itself (real clips played in order, a broken
 * clip retried) is a browser's: e2e/audio-test.spec.ts runs it; here its results are fed to the screen, as a
 * run in a browser reports them (the details are data, shown as they are).
 */

vi.mock('../../../src/client/features/audio-test/lib/audio-tests', async (importOriginal) => {
  const actual = await importOriginal<typeof AudioTests>();
  const DETAILS: Record<AudioTestResult['id'], string[]> = {
    audioContext: ['state: running'],
    audioSession: ['session: audio-test'],
    singleAudio: ['played: /media/ab/abcdef.mp3'],
    multipleAudio: ['played 1/3: /media/01.mp3', 'played 2/3: /media/02.mp3', 'played 3/3: /media/03.mp3'],
    retryLogic: ['attempt 1: NotSupportedError: The element has no supported sources.', 'attempt 2: played'],
  };
  return {
    ...actual,
    runAudioTests: (_deps: unknown, onUpdate: (results: readonly AudioTestResult[]) => void) => {
      const results = actual.AUDIO_TEST_IDS.map((id) => ({
        id,
        status: 'passed' as const,
        details: DETAILS[id],
      }));
      onUpdate(results);
      return Promise.resolve(results);
    },
  };
});

const fakeClient = useEnglishClient();

beforeEach(() => {
  answerNewLearner(fakeClient.api);
});

describe('the audio diagnostics in English', () => {
  it('after a run, every test passed, its details open', async () => {
    renderApp('/audio-test');
    await findHeading('Audio diagnostics');
    fireEvent.click(screen.getByRole('button', { name: 'Run all tests' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('audio-test-status').map((status) => status.textContent)).toEqual(
        Array(5).fill('passed'),
      ),
    );
    for (const details of document.querySelectorAll('details')) details.open = true;
    expectEnglish('audio diagnostics: finished', LEARNER_NAME);
  });
});
