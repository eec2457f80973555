// @vitest-environment happy-dom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { hideWordResponseSchema, undoResponseSchema, wordsPaths } from '../../../src/shared/api/words';
import {
  learnPath,
  learnPaths,
  wordAudioResponseSchema,
  wordImageResponseSchema,
} from '../../../src/shared/api/learn';
import {
  reviewGradePath,
  reviewGradeRequestSchema,
  reviewGradeResponseSchema,
  reviewPaths,
  reviewQueueSchema,
  reviewStatsSchema,
  reviewUndoResponseSchema,
} from '../../../src/shared/api/review';
import { progressPaths, progressSchema } from '../../../src/shared/api/progress';
import { type FakeApi } from '../../support/client/fake-api';
import {
  answerLearnerWithWords,
  expectEnglish,
  LEARNER_WORDS,
  LEARNER_NAME,
  openWithKeyboard,
  renderApp,
  TODAY,
  useEnglishClient,
} from '../../support/client/english-answers';

/**
 * A learner with words studying in English (docs/product/errors.md#interface-language): Learn, its menu and
 * a word taken out of study and back; review's prompt, answer, typed answer and summary. Each state is
 * scanned for Russian (the learner's name aside; the words' translations are Latin-only).
 */

const fakeClient = useEnglishClient();
let api: FakeApi;

beforeEach(() => {
  api = fakeClient.api;
  answerLearnerWithWords(api, undefined, { autoplayAudio: false });
});

describe('study in English', () => {
  it('Learn: a card, its menu, a word taken out of study and back', async () => {
    for (const { id } of LEARNER_WORDS) {
      api.on('GET', learnPath(learnPaths.image, id), () => ({
        body: wordImageResponseSchema.parse({ imageUrl: null }),
      }));
      // No clip could be made: the card stays silent, which nothing here reads.
      api.on('GET', learnPath(learnPaths.audio, id), () => ({
        body: wordAudioResponseSchema.parse({
          audioData: null,
          russianAudioData: null,
          secondVoiceAudioData: null,
        }),
      }));
    }
    api.on('POST', wordsPaths.hide.replace(':id', '4'), () => ({
      body: hideWordResponseSchema.parse({ undoToken: '00000000-0000-4000-8000-000000000002' }),
    }));
    api.on('POST', wordsPaths.undo, () => ({ body: undoResponseSchema.parse({ restored: 1 }) }));
    renderApp('/learn');
    await waitFor(() => expect(screen.getByTestId('learn-counter').textContent).toBe('1 of 4'), {
      timeout: 5_000,
    });
    expectEnglish('learn: card', LEARNER_NAME);
    openWithKeyboard(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('menu');
    expectEnglish('learn: menu open', LEARNER_NAME);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Take out of study' }));
    await screen.findByText('Word hidden');
    expectEnglish('learn: word hidden', LEARNER_NAME);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await screen.findByText('The word is back in study');
    expectEnglish('learn: word hidden, undone', LEARNER_NAME);
  });

  it('review: a prompt, its answer, a typed answer checked, the summary and a grade undone', async () => {
    const NEW_CARD = {
      state: 'new' as const,
      due: `${TODAY}T00:00:00.000Z`,
      stability: 0,
      difficulty: 0,
      scheduledDays: 0,
      learningSteps: 0,
      reps: 0,
      lapses: 0,
      lastReview: null,
      fixedStep: 0,
    };
    const wordOf = (spanish: string, russian: string) => ({
      spanish,
      russian,
      example: null,
      exampleTranslation: null,
      imageUrl: null,
      audioData: null,
    });
    // A word in both directions, the second asking for a typed answer, and the word kept without a
    // translation: its Spanish prompt alone (docs/product/upload.md#spanish-only-lines).
    const cards = [
      { id: 11, wordId: 1, direction: 'es-ru' as const, card: NEW_CARD, word: wordOf('la casa', 'house') },
      { id: 12, wordId: 1, direction: 'ru-es' as const, card: NEW_CARD, word: wordOf('la casa', 'house') },
      { id: 41, wordId: 4, direction: 'es-ru' as const, card: NEW_CARD, word: wordOf('nadar', '') },
    ];
    api.on('GET', reviewPaths.queue, () => ({
      body: reviewQueueSchema.parse({
        cards,
        scheduler: { kind: 'fixed' },
        isTypedAnswer: true,
        today: TODAY,
        hasMoreNew: false,
      }),
    }));
    const graded = { state: 'review' as const, due: '2026-03-05T08:00:00.000Z', reps: 1, scheduledDays: 3 };
    for (const { id } of cards) {
      api.on('POST', reviewGradePath(id), (request) => {
        reviewGradeRequestSchema.parse(request.body);
        return {
          body: reviewGradeResponseSchema.parse({
            cardId: id,
            card: { ...NEW_CARD, ...graded },
            isRepeat: false,
          }),
        };
      });
    }
    // The summary says when the next card is due: in three days.
    api.on('GET', reviewPaths.stats, () => ({
      body: reviewStatsSchema.parse({
        today: TODAY,
        queueSize: 3,
        dueCount: 0,
        newCount: 3,
        reviewedToday: 3,
        correctToday: 3,
        secondsToday: 60,
        studiedCards: 3,
        masteredCards: 0,
        nextDueAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        forecast: [],
      }),
    }));
    // The casa card's clip is asked for (its card has none yet); none could be made.
    api.on('GET', learnPath(learnPaths.audio, 1), () => ({
      body: wordAudioResponseSchema.parse({
        audioData: null,
        russianAudioData: null,
        secondVoiceAudioData: null,
      }),
    }));
    api.on('POST', reviewPaths.undo, () => ({
      body: reviewUndoResponseSchema.parse({ cardId: 41, card: NEW_CARD, isRepeat: false }),
    }));

    renderApp('/review');
    await screen.findByTestId('review-prompt', {}, { timeout: 5_000 });
    expectEnglish('review: prompt', LEARNER_NAME);
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await screen.findByRole('group', { name: 'How easily did you recall it?' });
    expectEnglish('review: answer and grades', LEARNER_NAME);
    fireEvent.keyDown(document.body, { key: '4', code: 'Digit4' });
    await screen.findByRole('group', { name: 'Accented letters' });
    expectEnglish('review: a typed answer with the accent bar, a grade to undo', LEARNER_NAME);
    fireEvent.change(screen.getByLabelText('Your answer in Spanish'), { target: { value: 'casa' } });
    fireEvent.click(screen.getByRole('button', { name: 'Check' }));
    await screen.findByTestId('typed-answer-diff');
    expectEnglish('review: a typed answer checked', LEARNER_NAME);
    fireEvent.click(screen.getByRole('button', { name: /Easy/ }));
    await waitFor(() => expect(screen.getByTestId('review-prompt').textContent).toContain('nadar'));
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    fireEvent.click(await screen.findByRole('button', { name: /Easy/ }));
    await screen.findByRole('heading', { name: 'Session complete' });
    expect(screen.getByTestId('review-next-due').textContent).toMatch(
      /^Next review: (tomorrow|in \d+ days?)$/,
    );
    expectEnglish('review: summary', LEARNER_NAME);
    fireEvent.click(screen.getByRole('button', { name: 'Undo grade' }));
    await waitFor(() => expect(screen.getByTestId('review-prompt').textContent).toContain('nadar'));
    fireEvent.keyDown(document.body, { key: ' ', code: 'Space' });
    await waitFor(() =>
      expect(screen.getByTestId('review-answer').textContent).toContain('no translation yet'),
    );
    expectEnglish('review: the last grade undone, an untranslated answer', LEARNER_NAME);
  });

  it('home after review: the day’s words from review under the goal, and the way to the dashboard', async () => {
    api.on('GET', progressPaths.progress, () => ({
      body: progressSchema.parse({
        wordsAdded: 4,
        wordsLearned: 0,
        totalSentences: 0,
        totalSessions: 1,
        currentStreak: 1,
        lastStudyDate: TODAY,
        dailyWordGoal: 10,
        wordsStudiedToday: 3,
        wordsReviewedToday: 3,
        totalWords: 4,
        dailyTimeGoal: 15,
        secondsStudiedToday: 60,
        playsToday: 0,
        today: TODAY,
        timeZone: 'UTC',
      }),
    }));
    renderApp('/');
    const progress = await screen.findByRole('region', { name: 'Your progress' }, { timeout: 5_000 });
    await within(progress).findByText('Of them in review: 3');
    expect(within(progress).getByRole('link', { name: 'Progress in detail' })).toBeDefined();
    expectEnglish('home: progress after review', LEARNER_NAME);
  });
});
