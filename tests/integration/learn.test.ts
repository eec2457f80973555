import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { wordImageListSchema } from '../../src/shared/api/dictionary';
import {
  completeSpacedRepetitionResponseSchema,
  listenCountResponseSchema,
  regenerateAudioResponseSchema,
  wordAudioResponseSchema,
} from '../../src/shared/api/learn';
import { progressSchema } from '../../src/shared/api/progress';
import { wordListItemSchema, wordListSchema } from '../../src/shared/api/words';
import { audioFiles, dailyActivity, learningSessions, userProgress, words } from '../../src/server/db/schema';
import { ProviderError } from '../../src/server/providers/provider-error';
import type { SpeechRequest } from '../../src/server/providers/speech';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { createFastBuiltinSpeech } from '../support/fast-builtin-speech';
import { exactWordListSchema } from '../support/exact-word-list';

let testApp: TestApp;

/** The app's clock: real time unless a test freezes it. */
let frozenAt: Date | null = null;
const at = (iso: string) => {
  frozenAt = new Date(iso);
  return frozenAt;
};
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const later = (ms: number) => {
  if (!frozenAt) throw new Error('freeze the clock first');
  frozenAt = new Date(frozenAt.getTime() + ms);
  return frozenAt;
};

/** Every synthesis the offline voices were asked for; a test may make some of them fail. */
const syntheses: SpeechRequest[] = [];
let speechFails: (request: SpeechRequest) => boolean = () => false;

const CLIP_PATH = /^\/media\/[0-9a-f]{64}\.mp3$/;
const IMPORTED_CLIP = 'data:audio/mpeg;base64,QUJD';
const staleClip = (digit: string) => `/media/${digit.repeat(64)}.mp3`;

beforeAll(async () => {
  // The offline voices' requests are what these tests check; the fast double stands in for eSpeak.
  const offline = createFastBuiltinSpeech();
  testApp = await buildTestApp({
    now: () => frozenAt ?? new Date(),
    builtinSpeech: {
      ...offline,
      synthesize(request) {
        syntheses.push(request);
        if (speechFails(request)) {
          return Promise.reject(new ProviderError('provider_unavailable', 'builtin', 'made to fail'));
        }
        return offline.synthesize(request);
      },
    },
  });
});
afterAll(() => testApp.close());
beforeEach(() => {
  frozenAt = null;
  syntheses.length = 0;
  speechFails = () => false;
});

function send(
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  payload?: object,
) {
  return testApp.app.inject({ method, url, payload, headers: user ? { cookie: user.cookie } : {} });
}

const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const wordById = async (id: number) =>
  (await testApp.database.db.select().from(words).where(eq(words.id, id)))[0]!;
const clipsOf = async (id: number) => {
  const { audioData, russianAudioData, secondVoiceAudioData } = await wordById(id);
  return { audioData, russianAudioData, secondVoiceAudioData };
};
const sessionsOf = (user: TestUser) =>
  testApp.database.db
    .select()
    .from(learningSessions)
    .where(eq(learningSessions.userId, user.id))
    .orderBy(asc(learningSessions.id));
const progressOf = async (user: TestUser) =>
  progressSchema.parse((await send(user, 'GET', '/api/progress')).json());
const cacheRowsOf = (user: TestUser) =>
  testApp.database.db.select().from(audioFiles).where(eq(audioFiles.userId, user.id));
const play = (user: TestUser, wordId: number, listenCount: number) =>
  send(user, 'PATCH', `/api/words/${wordId}/listen-count`, { listenCount });
const complete = (user: TestUser, wordId: number) =>
  send(user, 'POST', `/api/words/${wordId}/complete-spaced-repetition`);
const dueIds = async (user: TestUser) =>
  wordListSchema
    .parse((await send(user, 'GET', '/api/words/spaced-repetition')).json())
    .map((word) => word.id)
    .sort((a, b) => a - b);

describe('access', () => {
  const calls = (wordId: number) =>
    [
      ['PATCH', `/api/words/${wordId}/listen-count`, { listenCount: 3 }],
      ['GET', `/api/words/${wordId}/audio`, undefined],
      ['GET', `/api/words/${wordId}/image`, undefined],
      ['POST', `/api/words/${wordId}/regenerate-audio`, { forceRegenerate: true }],
      ['POST', `/api/words/${wordId}/complete-spaced-repetition`, undefined],
      ['POST', `/api/words/${wordId}/regenerate-image`, { style: 4 }],
      [
        'POST',
        '/api/generate-audio',
        {
          text: 'Hola',
          voiceId: 'builtin:es-ES-m3',
          language: 'es-ES',
          speed: 1,
          wordId,
          voiceType: 'spanish1',
        },
      ],
    ] as const;

  it('answers 401 to a signed-out visitor', async () => {
    for (const [method, url, payload] of calls(1)) {
      const response = await send(null, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("answers 404 for another learner's word and for a missing one, and changes nothing", async () => {
    /** Asks for everyone else's words. */
    const stranger = await registerUser(testApp.app);
    const owner = await registerUser(testApp.app);
    const [wordId] = await seedWords(owner, [
      {
        spanish: 'el perro',
        russian: 'собака',
        attempts: 2,
        isActive: false,
        disabledAt: new Date(Date.now() - 3 * DAY),
        isSpacedRepetitionActive: true,
        imageUrl: '/media/' + 'a'.repeat(64) + '.png',
      },
    ]);
    const before = await wordById(wordId!);
    for (const id of [wordId!, 999_999]) {
      for (const [method, url, payload] of calls(id)) {
        const response = await send(stranger, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.json()).toMatchObject({ code: 'word_not_found' });
      }
    }
    expect(await wordById(wordId!)).toEqual(before);
    expect(syntheses).toHaveLength(0);
    expect(await sessionsOf(stranger)).toHaveLength(0);
    expect(await progressOf(stranger)).toMatchObject({ totalSessions: 0, lastStudyDate: null });
    expect(await dueIds(owner)).toEqual([wordId]);
  });

  it('refuses bad input with 400', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'la mesa', attempts: 4 }]);
    const cases: Array<['GET' | 'POST' | 'PATCH', string, object | undefined]> = [
      ['PATCH', `/api/words/${wordId}/listen-count`, {}],
      ['PATCH', `/api/words/${wordId}/listen-count`, { listenCount: -1 }],
      ['PATCH', `/api/words/${wordId}/listen-count`, { listenCount: 1.5 }],
      ['PATCH', `/api/words/${wordId}/listen-count`, { listenCount: '5' }],
      ['PATCH', '/api/words/abc/listen-count', { listenCount: 5 }],
      ['GET', '/api/words/abc/audio', undefined],
      ['GET', '/api/words/0/image', undefined],
      ['POST', `/api/words/${wordId}/regenerate-audio`, { forceRegenerate: 'yes' }],
      ['POST', '/api/words/-1/complete-spaced-repetition', undefined],
      ['POST', `/api/words/${wordId}/regenerate-image`, { style: { id: 4 } }],
      ['POST', `/api/words/${wordId}/regenerate-image`, { style: 'x'.repeat(51) }],
      [
        'POST',
        '/api/generate-audio',
        { text: 'Hola', voiceId: 'builtin:es-ES-m3', wordId, voiceType: 'spanish3' },
      ],
    ];
    for (const [method, url, payload] of cases) {
      const response = await send(learner, method, url, payload);
      expect(response.statusCode, `${method} ${url} ${JSON.stringify(payload)}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed' });
    }
    expect(await wordById(wordId!)).toMatchObject({ attempts: 4, listenCount: 0, audioData: null });
    expect(await sessionsOf(learner)).toHaveLength(0);
    expect(syntheses).toHaveLength(0);
  });
});

describe('PATCH /api/words/:id/listen-count', () => {
  it('stores the count as attempts and listenCount, and counts plays of hidden and inactive words', async () => {
    const learner = await registerUser(testApp.app);
    const [shown, hidden, inactive] = await seedWords(learner, [
      { spanish: 'uno', attempts: 4 },
      { spanish: 'dos', isHidden: true },
      { spanish: 'tres', isActive: false, disabledUsageCount: 5 },
    ]);

    const response = await play(learner, shown!, 5);
    expect(response.statusCode).toBe(200);
    expect(listenCountResponseSchema.parse(response.json())).toEqual({
      success: true,
      attempts: 5,
      listenCount: 5,
      disabledUsageCount: 0,
    });
    expect(await wordById(shown!)).toMatchObject({ attempts: 5, listenCount: 5, disabledUsageCount: 0 });

    expect((await play(learner, hidden!, 1)).json()).toMatchObject({ attempts: 1, disabledUsageCount: 1 });
    expect((await play(learner, hidden!, 2)).json()).toMatchObject({ attempts: 2, disabledUsageCount: 2 });
    expect((await play(learner, inactive!, 1)).json()).toMatchObject({
      listenCount: 1,
      disabledUsageCount: 6,
    });
    expect((await play(learner, shown!, 6)).json()).toMatchObject({ attempts: 6, disabledUsageCount: 0 });
    expect(await wordById(hidden!)).toMatchObject({ attempts: 2, listenCount: 2, disabledUsageCount: 2 });
    expect(await wordById(inactive!)).toMatchObject({ attempts: 1, disabledUsageCount: 6 });

    // The list every screen reads shows the new counts at once.
    const listed = exactWordListSchema.parse((await send(learner, 'GET', '/api/words')).json());
    expect(listed.find((word) => word.id === shown)).toMatchObject({ attempts: 6, listenCount: 6 });
  });

  it('extends the open session, opens a new one after 30 minutes, and moves the progress panel', async () => {
    const learner = await registerUser(testApp.app);
    const stranger = await registerUser(testApp.app);
    const [perro, gato] = await seedWords(learner, [{ spanish: 'el perro' }, { spanish: 'el gato' }]);
    const start = at('2031-06-15T10:00:00.000Z');
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 0,
      currentStreak: 0,
      lastStudyDate: null,
    });

    await play(learner, perro!, 1);
    expect(await sessionsOf(learner)).toEqual([
      expect.objectContaining({ startTime: start, endTime: start, wordsStudied: 1, totalTime: 0 }),
    ]);
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 1,
      currentStreak: 1,
      wordsStudiedToday: 1,
      lastStudyDate: start.toISOString(),
    });

    const extended = later(29 * MINUTE);
    await play(learner, gato!, 1);
    expect(await sessionsOf(learner)).toEqual([
      expect.objectContaining({ startTime: start, endTime: extended, wordsStudied: 2, totalTime: 29 * 60 }),
    ]);
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 1,
      wordsStudiedToday: 2,
      lastStudyDate: extended.toISOString(),
    });

    const afterPause = later(31 * MINUTE);
    await play(learner, perro!, 2);
    const sessions = await sessionsOf(learner);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ endTime: extended, wordsStudied: 2 });
    expect(sessions[1]).toMatchObject({ startTime: afterPause, endTime: afterPause, wordsStudied: 1 });
    // Perro again: a third play, but the day's words are still two (docs/product/progress.md#daily-activity).
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 2,
      currentStreak: 1,
      wordsStudiedToday: 2,
      playsToday: 3,
      lastStudyDate: afterPause.toISOString(),
    });
    const [stored] = await testApp.database.db
      .select()
      .from(userProgress)
      .where(eq(userProgress.userId, learner.id));
    expect(stored).toMatchObject({ sessionListenCount: 3, totalSessions: 2, lastStudyDate: afterPause });

    const nextDay = at('2031-06-16T09:00:00.000Z');
    await play(learner, gato!, 2);
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 3,
      currentStreak: 2,
      wordsStudiedToday: 1,
      lastStudyDate: nextDay.toISOString(),
    });
    // The other learner's panel is untouched.
    expect(await progressOf(stranger)).toMatchObject({ totalSessions: 0, lastStudyDate: null });
  });

  it('starts a new session at UTC midnight, so the new day counts as studied', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'la noche' }]);
    at('2031-06-15T23:50:00.000Z');
    await play(learner, wordId!, 1);
    const afterMidnight = at('2031-06-16T00:05:00.000Z');
    await play(learner, wordId!, 2);
    const sessions = await sessionsOf(learner);
    expect(sessions).toHaveLength(2);
    expect(sessions[1]).toMatchObject({ startTime: afterMidnight, wordsStudied: 1 });
    expect(await progressOf(learner)).toMatchObject({
      totalSessions: 2,
      currentStreak: 2,
      wordsStudiedToday: 1,
    });
  });

  it('keeps counting plays once the word’s and the learner’s counters hold their columns’ largest value', async () => {
    const top = 2 ** 31 - 1;
    const learner = await registerUser(testApp.app);
    const [hidden] = await seedWords(learner, [
      { spanish: 'el búho', isHidden: true, disabledUsageCount: top },
    ]);
    const db = testApp.database.db;
    at('2031-06-15T10:00:00.000Z');
    expect((await play(learner, hidden!, 1)).json()).toMatchObject({ disabledUsageCount: top });
    // Every counter a play raises at the top of its range, as a restored backup may leave them.
    await db.update(userProgress).set({ sessionListenCount: top }).where(eq(userProgress.userId, learner.id));
    await db
      .update(learningSessions)
      .set({ wordsStudied: top })
      .where(eq(learningSessions.userId, learner.id));
    await db
      .update(dailyActivity)
      .set({ wordsStudied: top, plays: top, secondsStudied: top })
      .where(eq(dailyActivity.userId, learner.id));
    later(MINUTE);
    const response = await play(learner, hidden!, 2);
    expect(response.statusCode, response.body).toBe(200);
    expect(listenCountResponseSchema.parse(response.json())).toEqual({
      success: true,
      attempts: 2,
      listenCount: 2,
      disabledUsageCount: top,
    });
    const [progress] = await db.select().from(userProgress).where(eq(userProgress.userId, learner.id));
    expect(progress?.sessionListenCount).toBe(top);
    expect((await sessionsOf(learner)).map((session) => session.wordsStudied)).toEqual([top]);
    const [today] = await db.select().from(dailyActivity).where(eq(dailyActivity.userId, learner.id));
    expect(today).toMatchObject({ wordsStudied: top, plays: top, secondsStudied: top });
    expect(await progressOf(learner)).toMatchObject({ playsToday: top });
  });

  it('stops a runaway client after 240 plays a minute, for that learner only', async () => {
    const learner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'rápido' }]);
    const [othersWord] = await seedWords(other, [{ spanish: 'lento' }]);
    for (let count = 1; count <= 240; count += 1) {
      expect((await play(learner, wordId!, count)).statusCode).toBe(200);
    }
    expect((await play(learner, wordId!, 241)).statusCode).toBe(429);
    expect((await play(other, othersWord!, 1)).statusCode).toBe(200);
    expect(await wordById(wordId!)).toMatchObject({ attempts: 240 });
  });
});

describe('GET /api/words/:id/audio', () => {
  it('makes only the missing clips in the card voices, stores them on the word, then just reads them', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      { spanish: 'el perro', russian: 'собака', audioData: IMPORTED_CLIP },
    ]);
    const first = await send(learner, 'GET', `/api/words/${wordId}/audio`);
    expect(first.statusCode).toBe(200);
    const clips = wordAudioResponseSchema.parse(first.json());
    expect(clips).toEqual({
      audioData: IMPORTED_CLIP,
      russianAudioData: expect.stringMatching(CLIP_PATH),
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
    });
    expect(syntheses.map((request) => [request.text, request.voiceId])).toEqual(
      expect.arrayContaining([
        ['собака', 'builtin:ru-RU-f3'],
        ['el perro', 'builtin:es-419-f1'],
      ]),
    );
    expect(syntheses).toHaveLength(2);
    expect(await clipsOf(wordId!)).toEqual(clips);
    expect((await send(learner, 'GET', clips.russianAudioData!)).headers['content-type']).toBe('audio/mpeg');

    const again = await send(learner, 'GET', `/api/words/${wordId}/audio`);
    expect(again.json()).toEqual(clips);
    expect(syntheses).toHaveLength(2);
  });

  it('speaks the example sentence when the card has one', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      {
        spanish: 'el gato',
        russian: 'кошка',
        example: 'El **gato** duerme.',
        exampleTranslation: '**Кошка** спит.',
        audioData: staleClip('1'),
        secondVoiceAudioData: staleClip('2'),
      },
    ]);
    const clips = (await send(learner, 'GET', `/api/words/${wordId}/audio`)).json<Record<string, string>>();
    expect(clips).toMatchObject({ audioData: staleClip('1'), secondVoiceAudioData: staleClip('2') });
    expect(syntheses.map((request) => [request.text, request.language])).toEqual([['Кошка спит', 'ru-RU']]);
  });

  it('makes no Russian clip for a word kept without a translation: its card plays the Spanish voices alone', async () => {
    // docs/product/upload.md#spanish-only-lines; the player skips a voice without a clip
    // (tests/unit/client/learn-player.test.ts).
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'nadar', russian: '', needsTranslation: true }]);
    const clips = wordAudioResponseSchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/audio`)).json(),
    );
    expect(clips).toEqual({
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: null,
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
    });
    expect(syntheses.map((request) => request.language)).not.toContain('ru-RU');
  });

  it('leaves a clip that fails empty and still answers the others', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el sol', russian: 'солнце' }]);
    speechFails = (request) => request.language === 'ru-RU';
    const response = await send(learner, 'GET', `/api/words/${wordId}/audio`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: null,
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
    });
    expect(await clipsOf(wordId!)).toEqual(response.json());

    speechFails = () => false;
    syntheses.length = 0;
    const retried = wordAudioResponseSchema.parse(
      (await send(learner, 'GET', `/api/words/${wordId}/audio`)).json(),
    );
    expect(retried.russianAudioData).toMatch(CLIP_PATH);
    expect(retried.audioData).toBe(response.json<{ audioData: string }>().audioData);
    expect(syntheses.map((request) => request.language)).toEqual(['ru-RU']);
  });
});

describe('GET /api/words/:id/image', () => {
  it("answers the word's picture, or null", async () => {
    const learner = await registerUser(testApp.app);
    const picture = '/media/' + 'b'.repeat(64) + '.webp';
    const [withPicture, without] = await seedWords(learner, [
      { spanish: 'la luna', imageUrl: picture },
      { spanish: 'la luz' },
    ]);
    expect((await send(learner, 'GET', `/api/words/${withPicture}/image`)).json()).toEqual({
      imageUrl: picture,
    });
    expect((await send(learner, 'GET', `/api/words/${without}/image`)).json()).toEqual({ imageUrl: null });
  });
});

describe('POST /api/words/:id/regenerate-audio', () => {
  it('without force makes only missing clips; with force speaks all three anew, replacing the cache', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el río', russian: 'река' }]);
    await send(learner, 'GET', `/api/words/${wordId}/audio`);
    expect(await cacheRowsOf(learner)).toHaveLength(3);
    // Clips gone bad: the word and the cache both point at them.
    const stale = {
      audioData: staleClip('4'),
      russianAudioData: staleClip('5'),
      secondVoiceAudioData: staleClip('6'),
    };
    await testApp.database.db.update(words).set(stale).where(eq(words.id, wordId!));
    await testApp.database.db
      .update(audioFiles)
      .set({ audioData: staleClip('7') })
      .where(eq(audioFiles.userId, learner.id));
    syntheses.length = 0;

    for (const payload of [{ forceRegenerate: false }, {}, undefined]) {
      const response = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, payload);
      expect(response.statusCode).toBe(200);
      expect(regenerateAudioResponseSchema.parse(response.json())).toEqual({
        ...stale,
        audioGenerated: true,
      });
    }
    expect(syntheses).toHaveLength(0);

    // A missing clip alone comes from the cache, as the cache holds it.
    await testApp.database.db.update(words).set({ russianAudioData: null }).where(eq(words.id, wordId!));
    const filled = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: false,
    });
    expect(filled.json()).toEqual({ ...stale, russianAudioData: staleClip('7'), audioGenerated: true });
    expect(syntheses).toHaveLength(0);

    const forced = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: true,
    });
    expect(forced.statusCode).toBe(200);
    const fresh = regenerateAudioResponseSchema.parse(forced.json());
    expect(fresh).toEqual({
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: expect.stringMatching(CLIP_PATH),
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
      audioGenerated: true,
    });
    expect(Object.values(fresh).some((clip) => typeof clip === 'string' && /[4-7]{64}/.test(clip))).toBe(
      false,
    );
    expect(syntheses).toHaveLength(3);
    const { audioGenerated: _generated, ...freshClips } = fresh;
    expect(await clipsOf(wordId!)).toEqual(freshClips);
    const cache = await cacheRowsOf(learner);
    expect(cache).toHaveLength(3);
    expect(cache.map((row) => row.audioData).sort()).toEqual(Object.values(freshClips).sort());
  });

  it('keeps the old clip of a voice that fails, and clears the clips when none could be made', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      {
        spanish: 'el mar',
        russian: 'море',
        audioData: staleClip('1'),
        russianAudioData: staleClip('2'),
        secondVoiceAudioData: staleClip('3'),
      },
    ]);
    speechFails = (request) => request.language === 'ru-RU';
    const partly = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: true,
    });
    expect(partly.json()).toEqual({
      audioData: expect.stringMatching(CLIP_PATH),
      russianAudioData: staleClip('2'),
      secondVoiceAudioData: expect.stringMatching(CLIP_PATH),
      audioGenerated: true,
    });
    expect(partly.json<{ audioData: string }>().audioData).not.toBe(staleClip('1'));

    speechFails = () => true;
    const failed = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: true,
    });
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({
      audioData: null,
      russianAudioData: null,
      secondVoiceAudioData: null,
      audioGenerated: false,
    });
    expect(await clipsOf(wordId!)).toEqual({
      audioData: null,
      russianAudioData: null,
      secondVoiceAudioData: null,
    });
  });

  it('without force, a failure keeps the clips the word has', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      { spanish: 'la flor', russian: 'цветок', audioData: IMPORTED_CLIP },
    ]);
    speechFails = () => true;
    const response = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`, {
      forceRegenerate: false,
    });
    expect(response.json()).toEqual({
      audioData: IMPORTED_CLIP,
      russianAudioData: null,
      secondVoiceAudioData: null,
      audioGenerated: false,
    });
    expect(syntheses).toHaveLength(2);
    expect((await wordById(wordId!)).audioData).toBe(IMPORTED_CLIP);
  });

  it('is limited per learner per minute', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      {
        spanish: 'el pan',
        audioData: staleClip('1'),
        russianAudioData: staleClip('2'),
        secondVoiceAudioData: staleClip('3'),
      },
    ]);
    for (let call = 0; call < 30; call += 1) {
      expect((await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`)).statusCode).toBe(200);
    }
    const blocked = await send(learner, 'POST', `/api/words/${wordId}/regenerate-audio`);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited' });
  });
});

describe('hiding and spaced repetition', () => {
  it('PUT {attempts, isActive: false} stores both and starts spaced repetition; {isHidden} hides', async () => {
    const learner = await registerUser(testApp.app);
    const [retired, hidden] = await seedWords(learner, [{ spanish: 'el libro' }, { spanish: 'la silla' }]);
    const disabledAt = at('2031-03-10T09:00:00.000Z');
    const response = await send(learner, 'PUT', `/api/words/${retired}`, { attempts: 60, isActive: false });
    expect(response.statusCode).toBe(200);
    expect(wordListItemSchema.parse(response.json())).toMatchObject({
      attempts: 60,
      isActive: false,
      isHidden: false,
      disabledAt: disabledAt.toISOString(),
    });
    expect(await wordById(retired!)).toMatchObject({
      attempts: 60,
      isActive: false,
      disabledAt,
      isSpacedRepetitionActive: true,
      spacedRepetitionDay: 0,
    });

    expect((await send(learner, 'PUT', `/api/words/${hidden}`, { isHidden: true })).json()).toMatchObject({
      isHidden: true,
      isActive: true,
    });
    expect(await wordById(hidden!)).toMatchObject({ isHidden: true, isSpacedRepetitionActive: false });

    const listed = exactWordListSchema.parse((await send(learner, 'GET', '/api/words')).json());
    expect(listed.map((word) => [word.spanish, word.isActive, word.isHidden]).sort()).toEqual([
      ['el libro', false, false],
      ['la silla', true, true],
    ]);
    // Due one interval (a day) after it was disabled.
    expect(await dueIds(learner)).toEqual([]);
    later(DAY);
    expect(await dueIds(learner)).toEqual([retired]);
  });

  it('advances once a day, drops the word from the due list, and ends after the last interval', async () => {
    const learner = await registerUser(testApp.app);
    expect(
      (await send(learner, 'PUT', '/api/settings', { spacedRepetitionIntervals: [1, 3] })).statusCode,
    ).toBe(200);
    const [wordId, other] = await seedWords(learner, [{ spanish: 'la playa' }, { spanish: 'el monte' }]);
    at('2031-03-10T09:00:00.000Z');
    for (const id of [wordId, other]) await send(learner, 'PUT', `/api/words/${id}`, { isActive: false });

    const firstReview = later(DAY);
    expect(await dueIds(learner)).toEqual([wordId, other]);
    const first = await complete(learner, wordId!);
    expect(first.statusCode).toBe(200);
    expect(completeSpacedRepetitionResponseSchema.parse(first.json())).toEqual({
      success: true,
      spacedRepetitionDay: 1,
      isSpacedRepetitionActive: true,
      lastSpacedRepetitionAt: firstReview.toISOString(),
    });
    expect(await dueIds(learner)).toEqual([other]);

    // Once a day: a second completion the same day changes nothing.
    later(3 * 60 * MINUTE);
    expect((await complete(learner, wordId!)).json()).toEqual(first.json());
    expect(await wordById(wordId!)).toMatchObject({
      spacedRepetitionDay: 1,
      lastSpacedRepetitionAt: firstReview,
    });

    // Not due the next day (the second interval is three days from disabledAt)…
    at('2031-03-12T09:00:00.000Z');
    expect(await dueIds(learner)).toEqual([other]);
    // …but on the third; completing the last interval takes the word out of the scheme.
    const lastReview = at('2031-03-13T09:00:00.000Z');
    expect(await dueIds(learner)).toEqual([wordId, other]);
    expect((await complete(learner, wordId!)).json()).toEqual({
      success: true,
      spacedRepetitionDay: 2,
      isSpacedRepetitionActive: false,
      lastSpacedRepetitionAt: lastReview.toISOString(),
    });
    expect(await wordById(wordId!)).toMatchObject({ isActive: false, isSpacedRepetitionActive: false });
    at('2031-04-30T09:00:00.000Z');
    expect(await dueIds(learner)).not.toContain(wordId);
    const after = await complete(learner, wordId!);
    expect(after.statusCode).toBe(409);
    expect(after.json()).toMatchObject({ code: 'not_in_spaced_repetition' });
  });

  it('counts days in UTC: a review just after midnight is a new day', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [
      {
        spanish: 'el reloj',
        isActive: false,
        disabledAt: new Date('2031-03-01T12:00:00.000Z'),
        isSpacedRepetitionActive: true,
      },
    ]);
    at('2031-03-10T23:30:00.000Z');
    expect((await complete(learner, wordId!)).json()).toMatchObject({ spacedRepetitionDay: 1 });
    at('2031-03-10T23:59:00.000Z');
    expect((await complete(learner, wordId!)).json()).toMatchObject({ spacedRepetitionDay: 1 });
    const nextDay = at('2031-03-11T00:10:00.000Z');
    expect((await complete(learner, wordId!)).json()).toMatchObject({
      spacedRepetitionDay: 2,
      isSpacedRepetitionActive: true,
      lastSpacedRepetitionAt: nextDay.toISOString(),
    });
  });

  it('answers 409 for a word that is not in spaced repetition', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'la calle' }]);
    const response = await complete(learner, wordId!);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'not_in_spaced_repetition' });
    expect(await wordById(wordId!)).toMatchObject({ spacedRepetitionDay: 0, lastSpacedRepetitionAt: null });
  });
});

describe('POST /api/words/:id/regenerate-image with the Learn screen’s {style}', () => {
  it('draws in the style given as an id or a numeric string; imageStyle wins over style', async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'el perro', russian: 'собака' }]);
    const cases: Array<[object, number]> = [
      [{ style: 4 }, 4],
      [{ style: '6' }, 6],
      [{ imageStyle: 'anime', style: 4 }, 13],
    ];
    for (const [payload, styleId] of cases) {
      const response = await send(learner, 'POST', `/api/words/${wordId}/regenerate-image`, payload);
      expect(response.statusCode).toBe(200);
      const { imageUrl } = response.json<{ imageUrl: string }>();
      const gallery = wordImageListSchema.parse(
        (await send(learner, 'GET', `/api/words/${wordId}/images`)).json(),
      );
      expect(gallery[0], JSON.stringify(payload)).toMatchObject({ url: imageUrl, styleId, isPrimary: true });
      expect((await send(learner, 'GET', `/api/words/${wordId}/image`)).json()).toEqual({ imageUrl });
    }
  });
});

describe('POST /api/generate-audio for a card voice', () => {
  it("stores the clip in the voice's column of the learner's word, and only with a voiceType", async () => {
    const learner = await registerUser(testApp.app);
    const [wordId] = await seedWords(learner, [{ spanish: 'la casa', russian: 'дом' }]);
    const speak = (payload: object) =>
      send(learner, 'POST', '/api/generate-audio', { speed: 1, wordId, ...payload });

    const plain = await speak({ text: 'La casa', voiceId: 'builtin:es-ES-m3', language: 'es-ES' });
    expect(plain.statusCode).toBe(200);
    expect(await clipsOf(wordId!)).toEqual({
      audioData: null,
      russianAudioData: null,
      secondVoiceAudioData: null,
    });

    const second = await speak({
      text: 'La casa',
      voiceId: 'builtin:es-419-f1',
      language: 'es-MX',
      voiceType: 'spanish2',
    });
    const russian = await speak({
      text: 'Дом',
      voiceId: 'builtin:ru-RU-f3',
      language: 'ru-RU',
      voiceType: 'russian',
    });
    const first = await speak({
      text: 'La casa',
      voiceId: 'builtin:es-ES-m3',
      language: 'es-ES',
      voiceType: 'spanish1',
    });
    for (const response of [second, russian, first]) {
      expect(response.statusCode).toBe(200);
      expect(response.json<{ audio: string }>().audio).toMatch(CLIP_PATH);
    }
    expect(await clipsOf(wordId!)).toEqual({
      audioData: first.json<{ audio: string }>().audio,
      russianAudioData: russian.json<{ audio: string }>().audio,
      secondVoiceAudioData: second.json<{ audio: string }>().audio,
    });
    expect(first.json()).toMatchObject({ audio: plain.json<{ audio: string }>().audio, cached: true });

    // A voiceType without a word just speaks.
    const wordless = await send(learner, 'POST', '/api/generate-audio', {
      text: 'Hola',
      voiceId: 'builtin:es-ES-m3',
      language: 'es-ES',
      voiceType: 'spanish1',
    });
    expect(wordless.statusCode).toBe(200);
    expect((await wordById(wordId!)).audioData).toBe(first.json<{ audio: string }>().audio);
  });
});
