import { authPaths, authProvidersSchema, type User, userSchema } from '../../../src/shared/api/auth';
import { progressPaths } from '../../../src/shared/api/progress-paths';
import { progressSchema } from '../../../src/shared/api/progress';
import { reviewPaths } from '../../../src/shared/api/review-paths';
import { reviewStatsSchema } from '../../../src/shared/api/review';
import { wordsPaths } from '../../../src/shared/api/words-paths';
import type { FakeApi } from './fake-api';

/**
 * The server's answers for the app's shell: the sign-in calls and a new learner's home (no words, never
 * studied), each parsed by the shared schema as the server's would be.
 */

export const NEW_LEARNER: User = userSchema.parse({
  id: 'learner-1',
  email: 'marina@example.com',
  firstName: 'Марина',
  lastName: 'Тестова',
  profileImageUrl: null,
  claims: { first_name: null },
});

/** A server with neither external sign-in configured, as the test server is. */
export function answerNoExternalSignIn(api: FakeApi): void {
  api.on('GET', authPaths.providers, () => ({
    body: authProvidersSchema.parse({ hosted: false, google: false }),
  }));
}

/**
 * The signed-in learner's user and a new learner's home: no words, nothing studied, nothing to review, on the
 * learner's day `today`.
 */
export function answerNewLearnerHome(
  api: FakeApi,
  { user = NEW_LEARNER, today = '2025-03-01' }: { user?: User; today?: string } = {},
): void {
  api.on('GET', authPaths.user, () => ({ body: userSchema.parse(user) }));
  api.on('GET', wordsPaths.words, () => ({ body: [] }));
  api.on('GET', progressPaths.progress, () => ({
    body: progressSchema.parse({
      wordsAdded: 0,
      wordsLearned: 0,
      totalSentences: 0,
      totalSessions: 0,
      currentStreak: 0,
      lastStudyDate: null,
      dailyWordGoal: 10,
      wordsStudiedToday: 0,
      wordsReviewedToday: 0,
      totalWords: 0,
      dailyTimeGoal: 15,
      secondsStudiedToday: 0,
      playsToday: 0,
      today,
      timeZone: 'UTC',
    }),
  }));
  api.on('GET', reviewPaths.stats, () => ({
    body: reviewStatsSchema.parse({
      today,
      queueSize: 0,
      dueCount: 0,
      newCount: 0,
      reviewedToday: 0,
      correctToday: 0,
      secondsToday: 0,
      studiedCards: 0,
      masteredCards: 0,
      nextDueAt: null,
      forecast: [],
    }),
  }));
}

/** Learn for a learner without words: nothing to play, nothing in the spaced-repetition list. */
export function answerLearnWithoutWords(api: FakeApi): void {
  api.on('GET', wordsPaths.words, () => ({ body: [] }));
  api.on('GET', wordsPaths.spacedRepetition, () => ({ body: [] }));
}
