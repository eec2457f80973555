import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressSchema } from '../../src/shared/api/progress';
import { dailyActivity, learningSessions, words } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { exactWordListSchema } from '../support/exact-word-list';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const DAY = 24 * 60 * 60 * 1000;
const get = (user: TestUser | null, url: string) =>
  testApp.app.inject({ url, headers: user ? { cookie: user.cookie } : {} });

// Words and sessions arrive through later features' routes; here they are written as those features will.
async function addWords(
  user: TestUser,
  entries: { spanish: string; russian: string; isActive?: boolean; example?: string; ageDays: number }[],
) {
  await testApp.database.db.insert(words).values(
    entries.map((entry) => ({
      userId: user.id,
      spanish: entry.spanish,
      russian: entry.russian,
      duplicateKey: entry.spanish.toLowerCase(),
      isActive: entry.isActive ?? true,
      example: entry.example ?? null,
      audioData: '/media/' + 'a'.repeat(64) + '.mp3',
      // Imported data may hold the bytes themselves; a list must never carry them
      // (docs/product/media.md#content-addressed-store).
      russianAudioData: 'data:audio/mpeg;base64,' + 'QUJD'.repeat(1000),
      createdAt: new Date(Date.now() - entry.ageDays * DAY),
    })),
  );
}

/** Three words (one learned, one with an example) and five sessions over a three-day streak; returns "now". */
async function addProgress(user: TestUser): Promise<number> {
  await addWords(user, [
    { spanish: 'casa', russian: 'дом', example: 'Mi **casa** es grande.', ageDays: 3 },
    { spanish: 'perro', russian: 'собака', isActive: false, ageDays: 2 },
    { spanish: 'gato', russian: 'кошка', ageDays: 1 },
  ]);
  const now = Date.now();
  await testApp.database.db.insert(learningSessions).values([
    { userId: user.id, startTime: new Date(now), wordsStudied: 4 },
    { userId: user.id, startTime: new Date(now - 1000), wordsStudied: 3 },
    { userId: user.id, startTime: new Date(now - DAY), wordsStudied: 9 },
    { userId: user.id, startTime: new Date(now - 2 * DAY), wordsStudied: 9 },
    { userId: user.id, startTime: new Date(now - 5 * DAY), wordsStudied: 9 },
  ]);
  return now;
}

/** A learner with the three words of addProgress (casa, perro, gato; gato newest). */
async function learnerWithWords(): Promise<TestUser> {
  const learner = await registerUser(testApp.app);
  await addProgress(learner);
  return learner;
}

describe('GET /api/progress', () => {
  it('answers 401 signed out', async () => {
    expect((await get(null, '/api/progress')).statusCode).toBe(401);
  });

  it('starts at zero with the default daily goal', async () => {
    const ana = await registerUser(testApp.app);
    const progress = progressSchema.parse((await get(ana, '/api/progress')).json());
    expect(progress).toEqual({
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
      dailyTimeGoal: 30,
      secondsStudiedToday: 0,
      playsToday: 0,
      today: progress.today,
      timeZone: 'UTC',
    });
    expect(progress.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('counts the learner’s own words, sessions and streak', async () => {
    const ana = await registerUser(testApp.app);
    const now = await addProgress(ana);
    const studyDay = new Date(now).toISOString().slice(0, 10);
    await testApp.database.db
      .insert(dailyActivity)
      .values({ userId: ana.id, day: studyDay, wordsStudied: 6, plays: 7, secondsStudied: 90 });
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: ana.cookie },
      payload: { dailyWordGoal: 20 },
    });

    const progress = progressSchema.parse((await get(ana, '/api/progress')).json());
    expect(progress).toMatchObject({
      wordsAdded: 3,
      totalWords: 3,
      wordsLearned: 1,
      totalSentences: 1,
      totalSessions: 5,
      currentStreak: 3,
      dailyWordGoal: 20,
    });
    // Today's words come from the day's activity record (docs/product/progress.md#daily-activity), not
    // from the sessions' play counts; the record is the UTC day of "now" unless the test straddles midnight.
    expect(progress.wordsStudiedToday).toBe(progress.today === studyDay ? 6 : 0);
    expect(new Date(progress.lastStudyDate!).getTime()).toBeCloseTo(now, -3);
  });

  it('shows another learner none of it', async () => {
    await addProgress(await registerUser(testApp.app));
    const boris = await registerUser(testApp.app);
    const progress = progressSchema.parse((await get(boris, '/api/progress')).json());
    expect(progress).toMatchObject({
      wordsAdded: 0,
      totalSessions: 0,
      currentStreak: 0,
      lastStudyDate: null,
    });
  });
});

describe('GET /api/words', () => {
  it('answers 401 signed out', async () => {
    expect((await get(null, '/api/words')).statusCode).toBe(401);
  });

  it('lists the learner’s words newest first, without media bytes, limited on request', async () => {
    const ana = await learnerWithWords();
    const response = await get(ana, '/api/words?limit=2');
    const list = exactWordListSchema.parse(response.json());
    expect(list.map((word) => word.spanish)).toEqual(['gato', 'perro']);
    expect(list[0]).toMatchObject({ audioData: `/media/${'a'.repeat(64)}.mp3`, russianAudioData: null });
    expect(response.body).not.toContain('data:');
    expect(response.body).not.toContain('QUJD');
  });

  it('filters by search and treats "all" as no filter', async () => {
    const ana = await learnerWithWords();
    const bySearch = exactWordListSchema.parse(
      (await get(ana, '/api/words?search=соба&cefrLevel=all')).json(),
    );
    expect(bySearch.map((word) => word.spanish)).toEqual(['perro']);
    const literalPercent = exactWordListSchema.parse((await get(ana, '/api/words?search=%25')).json());
    expect(literalPercent).toEqual([]);
  });

  it('never shows one learner’s words to another', async () => {
    await learnerWithWords();
    const boris = await registerUser(testApp.app);
    const list = exactWordListSchema.parse((await get(boris, '/api/words')).json());
    expect(list).toEqual([]);
  });

  it('sends the whole list compressed as the client accepts it, and built once per version', async () => {
    const ana = await learnerWithWords();
    const fetchList = (acceptEncoding?: string) =>
      testApp.app.inject({
        url: '/api/words',
        headers: { cookie: ana.cookie, ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
      });
    const plain = await fetchList();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const brotli = await fetchList('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);
    const gzipped = await fetchList('gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    expect((await fetchList('br;q=0, gzip')).headers['content-encoding']).toBe('gzip');
    // The same compressed bytes again while the words are unchanged; new ones after a change.
    expect((await fetchList('br')).rawPayload.equals(brotli.rawPayload)).toBe(true);
    await addWords(ana, [{ spanish: 'sol', russian: 'солнце', ageDays: 0 }]);
    const changed = await fetchList('br');
    expect(JSON.parse(brotliDecompressSync(changed.rawPayload).toString())[0].spanish).toBe('sol');
  });

  it('lets the server compress other answers, such as a filtered list', async () => {
    const ana = await learnerWithWords();
    await addWords(
      ana,
      Array.from({ length: 40 }, (_, index) => ({ spanish: `ventana${index}`, russian: 'окно', ageDays: 1 })),
    );
    const response = await testApp.app.inject({
      url: '/api/words?search=ventana',
      headers: { cookie: ana.cookie, 'accept-encoding': 'gzip' },
    });
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toHaveLength(40);
  });

  it('rejects a nonsensical limit with 400', async () => {
    const ana = await registerUser(testApp.app);
    const response = await get(ana, '/api/words?limit=-3');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain('limit');
  });
});
