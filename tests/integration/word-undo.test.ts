import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetListenCountResponseSchema } from '../../src/shared/api/dictionary';
import { hideWordResponseSchema, undoResponseSchema } from '../../src/shared/api/words';
import { words } from '../../src/server/db/schema';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { seedWords as insertWordSeeds, type WordSeed } from '../support/word-seeds';

let testApp: TestApp;
/** The test clock: a test moves it on to see a token expire. */
let clock = new Date('2026-03-02T10:00:00.000Z');

beforeAll(async () => {
  testApp = await buildTestApp({ now: () => clock });
});
afterAll(async () => {
  await testApp.close();
});

const send = (user: TestUser, method: 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const seedWords = (user: TestUser, seeds: readonly WordSeed[]) =>
  insertWordSeeds(testApp.database.db, user.id, seeds);
const countsOf = async (user: TestUser) =>
  (
    await testApp.database.db
      .select({ id: words.id, attempts: words.attempts, listenCount: words.listenCount })
      .from(words)
      .where(eq(words.userId, user.id))
  ).sort((a, b) => a.id - b.id);
const studyStateOf = async (wordId: number) => {
  const [row] = await testApp.database.db
    .select({
      isActive: words.isActive,
      isHidden: words.isHidden,
      disabledAt: words.disabledAt,
      isSpacedRepetitionActive: words.isSpacedRepetitionActive,
      spacedRepetitionDay: words.spacedRepetitionDay,
      lastSpacedRepetitionAt: words.lastSpacedRepetitionAt,
    })
    .from(words)
    .where(eq(words.id, wordId));
  return row;
};

async function resetCounts(user: TestUser) {
  const response = await send(user, 'POST', '/api/words/reset-listen-count');
  expect(response.statusCode).toBe(200);
  return resetListenCountResponseSchema.parse(response.json());
}

describe('undoing a listen-count reset', () => {
  it('restores every count exactly, once however often it is asked', async () => {
    const learner = await registerUser(testApp.app);
    await seedWords(learner, [
      { spanish: 'uno', attempts: 5, listenCount: 7 },
      { spanish: 'dos', attempts: 0, listenCount: 3 },
      { spanish: 'tres', attempts: 61, listenCount: 61 },
      { spanish: 'cuatro' },
    ]);
    const before = await countsOf(learner);

    const { reset, undoToken } = await resetCounts(learner);
    expect(reset).toBe(3);
    expect((await countsOf(learner)).every((row) => row.attempts === 0 && row.listenCount === 0)).toBe(true);

    const undone = await send(learner, 'POST', '/api/words/undo', { undoToken });
    expect(undone.statusCode).toBe(200);
    expect(undoResponseSchema.parse(undone.json())).toEqual({ restored: 3 });
    expect(await countsOf(learner)).toEqual(before);

    // Listening goes on; a second undo of the same reset must not write the old counts over it.
    const [firstId] = before.map((row) => row.id);
    await send(learner, 'PUT', `/api/words/${firstId}`, { attempts: 8 });
    const again = await send(learner, 'POST', '/api/words/undo', { undoToken });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ restored: 3 });
    expect((await countsOf(learner))[0]).toMatchObject({ attempts: 8, listenCount: 7 });
  });

  it("answers 404 to another learner's token and leaves both learners' counts alone", async () => {
    const owner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    await seedWords(owner, [{ spanish: 'uno', attempts: 4, listenCount: 4 }]);
    await seedWords(other, [{ spanish: 'dos', attempts: 2, listenCount: 9 }]);
    const { undoToken } = await resetCounts(owner);
    const othersBefore = await countsOf(other);

    const response = await send(other, 'POST', '/api/words/undo', { undoToken });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'undo_not_found' });
    expect(await countsOf(owner)).toEqual([expect.objectContaining({ attempts: 0, listenCount: 0 })]);
    expect(await countsOf(other)).toEqual(othersBefore);
  });

  it('answers 404 once the token has expired, and to a token never given', async () => {
    const learner = await registerUser(testApp.app);
    await seedWords(learner, [{ spanish: 'uno', attempts: 4, listenCount: 4 }]);
    const { undoToken } = await resetCounts(learner);
    const startedAt = clock;
    clock = new Date(startedAt.getTime() + 61_000);
    try {
      const late = await send(learner, 'POST', '/api/words/undo', { undoToken });
      expect(late.statusCode).toBe(404);
      expect(late.json()).toMatchObject({ code: 'undo_not_found' });
      expect(await countsOf(learner)).toEqual([expect.objectContaining({ attempts: 0, listenCount: 0 })]);
    } finally {
      clock = startedAt;
    }
    const unknown = await send(learner, 'POST', '/api/words/undo', {
      undoToken: '00000000-0000-4000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe("undoing Learn's hide", () => {
  it('restores every field the hide changed', async () => {
    const learner = await registerUser(testApp.app);
    // A word already through a hide and back, with a spaced-repetition history to keep.
    const [wordId] = await seedWords(learner, [
      {
        spanish: 'uno',
        isActive: true,
        isHidden: false,
        disabledAt: new Date('2026-02-01T08:30:00.123Z'),
        isSpacedRepetitionActive: true,
        spacedRepetitionDay: 2,
        lastSpacedRepetitionAt: new Date('2026-02-20T19:45:10.456Z'),
      },
    ]);
    const before = await studyStateOf(wordId!);

    const hidden = await send(learner, 'POST', `/api/words/${wordId}/hide`);
    expect(hidden.statusCode).toBe(200);
    const { undoToken } = hideWordResponseSchema.parse(hidden.json());
    expect(await studyStateOf(wordId!)).toEqual({ ...before, isHidden: true });

    const undone = await send(learner, 'POST', '/api/words/undo', { undoToken });
    expect(undone.json()).toEqual({ restored: 1 });
    expect(await studyStateOf(wordId!)).toEqual(before);
  });

  it("answers 404 for another learner's word and for another learner's hide token", async () => {
    const owner = await registerUser(testApp.app);
    const other = await registerUser(testApp.app);
    const [wordId] = await seedWords(owner, [{ spanish: 'uno' }]);

    const foreignHide = await send(other, 'POST', `/api/words/${wordId}/hide`);
    expect(foreignHide.statusCode).toBe(404);
    expect((await studyStateOf(wordId!))?.isHidden).toBe(false);

    const { undoToken } = hideWordResponseSchema.parse(
      (await send(owner, 'POST', `/api/words/${wordId}/hide`)).json(),
    );
    expect((await send(other, 'POST', '/api/words/undo', { undoToken })).statusCode).toBe(404);
    expect((await studyStateOf(wordId!))?.isHidden).toBe(true);
  });
});
