import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { progressSchema } from '../../src/shared/api/progress';
import { settingsSchema } from '../../src/shared/api/settings';
import { wordListSchema } from '../../src/shared/api/words';
import { dailyActivity, dailyStudiedWords, learningSessions } from '../../src/server/db/schema';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { createSettingsRepository } from '../../src/server/modules/settings/settings.repository';
import { createSettingsService } from '../../src/server/modules/settings/settings.service';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';
import {
  buildTestApp,
  registerUser,
  TEST_APP_SECRET,
  type TestApp,
  type TestUser,
} from '../support/build-test-app';

// docs/product/progress.md#learner-day, #daily-activity and #study-time, through the real routes.

let testApp: TestApp;
/** The app's clock (AppDeps.now): each test sets it before the calls it makes. */
let clock = new Date();
const at = (iso: string) => (clock = new Date(iso));
const SECOND = 1000;

beforeAll(async () => {
  testApp = await buildTestApp({ now: () => clock });
});
afterAll(() => testApp.close());
beforeEach(() => {
  clock = new Date();
});

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const progressOf = async (user: TestUser) =>
  progressSchema.parse((await send(user, 'GET', '/api/progress')).json());
/** One card played through, as the Learn screen reports it; the listen count does not matter here. */
const play = async (user: TestUser, wordId: number) => {
  const response = await send(user, 'PATCH', `/api/words/${wordId}/listen-count`, { listenCount: 1 });
  expect(response.statusCode).toBe(200);
};
const setTimeZone = async (user: TestUser, timeZone: string) => {
  const response = await send(user, 'PUT', '/api/settings', { timeZone });
  expect(response.statusCode).toBe(200);
};
const activityOf = (user: TestUser) =>
  testApp.database.db
    .select({
      day: dailyActivity.day,
      wordsStudied: dailyActivity.wordsStudied,
      plays: dailyActivity.plays,
      secondsStudied: dailyActivity.secondsStudied,
    })
    .from(dailyActivity)
    .where(eq(dailyActivity.userId, user.id))
    .orderBy(asc(dailyActivity.day));

describe('the daily goal', () => {
  it('counts distinct words studied today, not clip plays: a play-all loop over the same words', async () => {
    const learner = await registerUser(testApp.app);
    const ids = await seedWords(
      learner,
      Array.from({ length: 5 }, (_, index) => ({ spanish: `palabra${index}` })),
    );
    at('2031-06-15T10:00:00.000Z');
    // Three loops of play-all over five cards, a card every 4 seconds.
    for (let loop = 0; loop < 3; loop += 1) {
      for (const id of ids) {
        await play(learner, id);
        clock = new Date(clock.getTime() + 4 * SECOND);
      }
    }
    expect(await progressOf(learner)).toMatchObject({
      wordsStudiedToday: 5,
      playsToday: 15,
      dailyWordGoal: 10,
      today: '2031-06-15',
      timeZone: 'UTC',
    });
    expect(await activityOf(learner)).toEqual([
      // The first card of a sitting has no previous play to measure from: 14 gaps of 4 s.
      { day: '2031-06-15', wordsStudied: 5, plays: 15, secondsStudied: 56 },
    ]);
  });

  // On PostgreSQL (the CI run) the plays go over separate connections and really race; PGlite runs them one
  // after another.
  it('adds a word once even when two plays of it arrive together', async () => {
    const learner = await registerUser(testApp.app);
    const [id] = await seedWords(learner, [{ spanish: 'el eco' }]);
    at('2031-06-15T10:00:00.000Z');
    await Promise.all([play(learner, id!), play(learner, id!), play(learner, id!)]);
    expect(await activityOf(learner)).toEqual([expect.objectContaining({ wordsStudied: 1, plays: 3 })]);
    const studied = await testApp.database.db
      .select()
      .from(dailyStudiedWords)
      .where(eq(dailyStudiedWords.userId, learner.id));
    expect(studied).toEqual([{ userId: learner.id, day: '2031-06-15', wordId: id, reviewed: false }]);
  });
});

describe('study time', () => {
  it('counts the time between played-through cards, a pause over two minutes as nothing', async () => {
    const learner = await registerUser(testApp.app);
    const [uno, dos] = await seedWords(learner, [{ spanish: 'uno' }, { spanish: 'dos' }]);
    at('2031-06-15T10:00:00.000Z');
    await play(learner, uno!);
    at('2031-06-15T10:00:20.000Z');
    await play(learner, dos!);
    at('2031-06-15T10:01:05.000Z');
    await play(learner, uno!);
    // Learn left open, nothing played: ten minutes are not study time.
    at('2031-06-15T10:11:05.000Z');
    await play(learner, dos!);
    at('2031-06-15T10:11:35.000Z');
    await play(learner, uno!);
    expect(await progressOf(learner)).toMatchObject({
      secondsStudiedToday: 20 + 45 + 0 + 30,
      dailyTimeGoal: 30,
      wordsStudiedToday: 2,
    });
  });

  it('follows the daily time goal the learner set', async () => {
    const learner = await registerUser(testApp.app);
    expect((await send(learner, 'PUT', '/api/settings', { dailyTimeGoal: 45 })).statusCode).toBe(200);
    expect(await progressOf(learner)).toMatchObject({ dailyTimeGoal: 45, secondsStudiedToday: 0 });
  });
});

describe('the learner’s time zone', () => {
  it('is saved as an IANA name and refused otherwise, naming the field', async () => {
    const learner = await registerUser(testApp.app);
    expect(settingsSchema.parse((await send(learner, 'GET', '/api/settings')).json()).timeZone).toBe('UTC');
    for (const timeZone of ['Mars/Olympus', '+10:00', '', 'Europe/Madrid\u0000']) {
      const response = await send(learner, 'PUT', '/api/settings', { timeZone });
      expect(response.statusCode, timeZone).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', params: { field: 'timeZone' } });
    }
    await setTimeZone(learner, 'America/Argentina/Buenos_Aires');
    expect(settingsSchema.parse((await send(learner, 'GET', '/api/settings')).json()).timeZone).toBe(
      'America/Argentina/Buenos_Aires',
    );
  });

  it('is stored under the runtime’s own spelling of the name', async () => {
    const learner = await registerUser(testApp.app);
    for (const [sent, stored] of [
      ['europe/MADRID', 'Europe/Madrid'],
      ['America/Argentina/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ] as const) {
      await setTimeZone(learner, sent);
      expect(settingsSchema.parse((await send(learner, 'GET', '/api/settings')).json()).timeZone).toBe(
        stored,
      );
    }
  });

  it('is refused when the database’s own zone data does not know it, which computes the streak’s days', async () => {
    const repository = createSettingsRepository(testApp.database.db);
    expect(await repository.isKnownTimeZone('Europe/Madrid')).toBe(true);
    expect(await repository.isKnownTimeZone('Mars/Olympus')).toBe(false);

    // A PostgreSQL whose zone data is older than Node's: the name passes the request's check, not this one.
    const learner = await registerUser(testApp.app);
    const service = createSettingsService({
      settings: { ...repository, isKnownTimeZone: () => Promise.resolve(false) },
      secretBox: createSecretBox(TEST_APP_SECRET),
    });
    await expect(service.update(learner.id, { timeZone: 'America/Ciudad_Juarez' })).rejects.toMatchObject({
      code: 'validation_failed',
      status: 400,
      params: { field: 'timeZone' },
    });
    expect((await repository.findOrCreate(learner.id)).timeZone).toBe('UTC');
  });

  it('UTC+10: a play after the learner’s midnight is the new day, though UTC’s day has not turned', async () => {
    const learner = await registerUser(testApp.app);
    await setTimeZone(learner, 'Australia/Brisbane');
    const [perro, gato, casa] = await seedWords(learner, [
      { spanish: 'el perro' },
      { spanish: 'el gato' },
      { spanish: 'la casa' },
    ]);
    at('2031-06-15T13:50:00.000Z'); // 23:50 on the 15th in Brisbane
    await play(learner, perro!);
    const afterMidnight = at('2031-06-15T14:10:00.000Z'); // 00:10 on the 16th, still the 15th in UTC
    await play(learner, gato!);
    at('2031-06-16T01:00:00.000Z'); // 11:00 on the 16th, the 16th in UTC too
    await play(learner, casa!);

    expect(await progressOf(learner)).toMatchObject({
      today: '2031-06-16',
      timeZone: 'Australia/Brisbane',
      wordsStudiedToday: 2,
      currentStreak: 2,
      totalSessions: 3,
    });
    // The session of the 15th closed at the learner's midnight; the next play opened the 16th's.
    const sessions = await testApp.database.db
      .select({ startTime: learningSessions.startTime })
      .from(learningSessions)
      .where(eq(learningSessions.userId, learner.id))
      .orderBy(asc(learningSessions.id));
    expect(sessions[1]).toEqual({ startTime: afterMidnight });
    expect((await activityOf(learner)).map(({ day, wordsStudied }) => [day, wordsStudied])).toEqual([
      ['2031-06-15', 1],
      ['2031-06-16', 2],
    ]);
    // The 20 minutes across midnight are a pause, not listening; the study time of a day is its own.
    expect((await activityOf(learner)).map(({ secondsStudied }) => secondsStudied)).toEqual([0, 0]);
  });

  it('UTC−8: the evening after UTC’s midnight is still the learner’s today', async () => {
    const learner = await registerUser(testApp.app);
    await setTimeZone(learner, 'America/Los_Angeles');
    const [sol, luna] = await seedWords(learner, [{ spanish: 'el sol' }, { spanish: 'la luna' }]);
    at('2031-01-15T07:50:00.000Z'); // 23:50 on the 14th in Los Angeles (UTC−8 in January)
    await play(learner, sol!);
    at('2031-01-15T08:10:00.000Z'); // 00:10 on the 15th
    await play(learner, luna!);
    at('2031-01-16T02:00:00.000Z'); // 18:00 on the 15th, already the 16th in UTC
    expect(await progressOf(learner)).toMatchObject({
      today: '2031-01-15',
      wordsStudiedToday: 1,
      currentStreak: 2,
    });
  });

  it('measures the streak in the learner’s days', async () => {
    const learner = await registerUser(testApp.app);
    await setTimeZone(learner, 'America/Los_Angeles');
    const [agua] = await seedWords(learner, [{ spanish: 'el agua' }]);
    at('2031-01-14T20:00:00.000Z'); // noon on the 14th in Los Angeles (the 14th in UTC)
    await play(learner, agua!);
    at('2031-01-16T05:00:00.000Z'); // 21:00 on the 15th (the 16th in UTC: a day skipped there)
    await play(learner, agua!);
    at('2031-01-16T06:00:00.000Z');
    // In UTC the same plays are on the 14th and the 16th: a gap, a streak of 1.
    expect(await progressOf(learner)).toMatchObject({ currentStreak: 2, today: '2031-01-15' });
  });

  it('counts a streak from sessions recorded before the daily record was kept, in the learner’s days', async () => {
    const learner = await registerUser(testApp.app);
    await setTimeZone(learner, 'Australia/Brisbane');
    // 23:30 UTC on the 13th and 14th are the 14th and 15th in Brisbane.
    await testApp.database.db.insert(learningSessions).values([
      { userId: learner.id, startTime: new Date('2031-06-13T23:30:00.000Z'), wordsStudied: 3 },
      { userId: learner.id, startTime: new Date('2031-06-14T23:30:00.000Z'), wordsStudied: 3 },
    ]);
    at('2031-06-15T22:00:00.000Z'); // 08:00 on the 16th in Brisbane
    expect(await progressOf(learner)).toMatchObject({ currentStreak: 2, wordsStudiedToday: 0 });
  });

  it('decides "reviewed today" for spaced repetition on the learner’s day', async () => {
    const learner = await registerUser(testApp.app);
    await setTimeZone(learner, 'Australia/Brisbane');
    const [reloj] = await seedWords(learner, [
      {
        spanish: 'el reloj',
        isActive: false,
        disabledAt: new Date('2031-03-01T12:00:00.000Z'),
        isSpacedRepetitionActive: true,
      },
    ]);
    const complete = () => send(learner, 'POST', `/api/words/${reloj}/complete-spaced-repetition`);
    const dueIds = async () =>
      wordListSchema
        .parse((await send(learner, 'GET', '/api/words/spaced-repetition')).json())
        .map((w) => w.id);

    at('2031-03-10T13:30:00.000Z'); // 23:30 on the 10th in Brisbane
    expect((await complete()).json()).toMatchObject({ spacedRepetitionDay: 1 });
    expect(await dueIds()).toEqual([]);
    at('2031-03-13T13:50:00.000Z'); // 23:50 on the 13th: the 3-day interval has come, reviewed 3 days ago
    expect(await dueIds()).toEqual([reloj]);
    expect((await complete()).json()).toMatchObject({ spacedRepetitionDay: 2 });
    expect(await dueIds()).toEqual([]);
    // 00:10 on the 14th in Brisbane, still the 13th in UTC: a new day for the learner, due again.
    at('2031-03-13T14:10:00.000Z');
    expect(await dueIds()).toEqual([reloj]);
    expect((await complete()).json()).toMatchObject({ spacedRepetitionDay: 3 });
  });
});
