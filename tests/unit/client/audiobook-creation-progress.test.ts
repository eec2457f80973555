import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CREATION_COUNTERS, CREATION_STEPS } from '../../../src/shared/api/audiobook-jobs';
import type { JobProgress } from '../../../src/shared/realtime';
import {
  countersOf,
  createCreationTimers,
  currentStep,
  finishedSteps,
  isClosable,
  isDeveloperCounter,
  NAVIGATE_AFTER_MS,
  phaseOf,
  RESET_AFTER_MS,
  stepViews,
} from '../../../src/client/features/audiobooks/lib/creation-progress';

const progress = (stage: string, stages: JobProgress['stages'], counters = {}): JobProgress => ({
  total: 8,
  processed: 0,
  failed: 0,
  stage,
  currentWord: null,
  estimatedTimeRemaining: null,
  stages,
  counters,
});

describe('the creation dialog (docs/product/audiobooks.md#creation)', () => {
  it('follows the job into its phase, closable only when nothing runs', () => {
    expect(phaseOf(null, false)).toBe('idle');
    expect(phaseOf(null, true)).toBe('starting');
    expect(phaseOf({ status: 'processing' }, false)).toBe('running');
    expect(phaseOf({ status: 'completed' }, false)).toBe('complete');
    expect(phaseOf({ status: 'failed' }, false)).toBe('error');
    expect(['idle', 'starting', 'running', 'complete', 'error'].map((p) => isClosable(p as never))).toEqual([
      true,
      false,
      false,
      true,
      true,
    ]);
  });

  it('shows the eight steps: done, current with its details, skipped, waiting', () => {
    const steps = stepViews(
      progress(
        'generateStory',
        [
          { name: 'loadDictionary', completed: 40, total: 40 },
          { name: 'selectWords', completed: 22, total: 22 },
          { name: 'createRecord', completed: 1, total: 1 },
          { name: 'generateStory', completed: 2, total: 5 },
          { name: 'saveSentences', completed: 30, total: 0 },
          { name: 'createAudio', completed: 0, total: 0, skipped: { reason: 'builtin_voices_on_demand' } },
          { name: 'generateImages', completed: 0, total: 0 },
          { name: 'finalize', completed: 0, total: 0 },
        ],
        { sentencesSaved: 30, dueWordsUsed: 2 },
      ),
      'running',
    );
    expect(steps.map((step) => step.name)).toEqual([...CREATION_STEPS]);
    expect(steps.map((step) => step.state)).toEqual([
      'done',
      'done',
      'done',
      'current',
      'current',
      'skipped',
      'waiting',
      'waiting',
    ]);
    expect(currentStep(steps)).toMatchObject({ name: 'generateStory', completed: 2, total: 5 });
    // Saving counts up while the story is written, and is not finished before its last chapter.
    expect(finishedSteps(steps)).toBe(4);
    expect(countersOf(progress('x', [], { sentencesSaved: 30 }))).toMatchObject({
      sentencesSaved: 30,
      imagesStored: 0,
    });
  });

  it('marks every step done once the book is complete', () => {
    const steps = stepViews(progress('finalize', []), 'complete');
    expect(finishedSteps(steps)).toBe(8);
    expect(currentStep(steps)).toBeNull();
  });

  describe('its delays', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());
    const timers = () =>
      createCreationTimers({ setTimeout, clearTimeout: (handle) => clearTimeout(handle as number) });

    it('goes to the book 1 s after completion', () => {
      const navigate = vi.fn();
      timers().navigateSoon(navigate);
      vi.advanceTimersByTime(NAVIGATE_AFTER_MS - 1);
      expect(navigate).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(navigate).toHaveBeenCalledOnce();
    });

    it('forgets the run 300 ms after closing, unless opened again first', () => {
      const clock = timers();
      const reset = vi.fn();
      clock.resetSoon(reset);
      vi.advanceTimersByTime(RESET_AFTER_MS - 1);
      clock.cancelReset();
      vi.advanceTimersByTime(RESET_AFTER_MS);
      expect(reset).not.toHaveBeenCalled();
      clock.resetSoon(reset);
      vi.advanceTimersByTime(RESET_AFTER_MS);
      expect(reset).toHaveBeenCalledOnce();
    });

    it('stops both when the dialog goes away', () => {
      const clock = timers();
      const navigate = vi.fn();
      const reset = vi.fn();
      clock.navigateSoon(navigate);
      clock.resetSoon(reset);
      clock.dispose();
      vi.advanceTimersByTime(5000);
      expect(navigate).not.toHaveBeenCalled();
      expect(reset).not.toHaveBeenCalled();
    });
  });
});

describe('isDeveloperCounter', () => {
  it('keeps the story’s own figures in view and puts the requests and tokens behind the disclosure', () => {
    const developer = CREATION_COUNTERS.filter(isDeveloperCounter);
    const learner = CREATION_COUNTERS.filter((name) => !isDeveloperCounter(name));
    expect(learner).toEqual(['wordsUsed', 'sentencesSaved', 'imagesStored', 'dueWordsUsed']);
    expect(developer).toContain('languageModelTokens');
    expect(developer).toContain('languageModelRequests');
    expect(developer.length + learner.length).toBe(CREATION_COUNTERS.length);
  });
});
