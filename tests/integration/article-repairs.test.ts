import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../src/server/db/schema';
import type { ArticleRepair } from '../../src/shared/api/word-maintenance';
import { type TestApp, buildTestApp, registerUser, type TestUser } from '../support/build-test-app';
import { seedWords } from '../support/word-seeds';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const repairsOf = async (user: TestUser) => {
  const response = await testApp.app.inject({
    method: 'GET',
    url: '/api/words/article-repairs',
    headers: { cookie: user.cookie },
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ words: ArticleRepair[] }>().words;
};

describe('words to repair (docs/product/dictionary.md#words-to-repair)', () => {
  it('lists once each word an upload without a model gave an article it should not have', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const noun = { partOfSpeech: 'noun', cefrLevel: null };
    const [muy, nunca, bueno, manana] = await seedWords(testApp.database.db, ana.id, [
      { spanish: 'el muy', russian: 'очень', ...noun },
      { spanish: 'la nunca', russian: 'никогда', ...noun },
      { spanish: 'el bueno', russian: 'хороший', ...noun },
      { spanish: 'la mañana', russian: 'завтра', ...noun },
      // Nouns the list knows, a word a language model analysed and a bare word: nothing to repair.
      { spanish: 'el perro', russian: 'собака', ...noun },
      { spanish: 'el poder', russian: 'власть', ...noun },
      { spanish: 'el con', russian: 'с', partOfSpeech: 'noun', cefrLevel: 'A1' },
      { spanish: 'pero', russian: 'но', partOfSpeech: 'noun', cefrLevel: null },
    ]);
    await seedWords(testApp.database.db, boris.id, [{ spanish: 'el pero', russian: 'но', ...noun }]);

    expect(await repairsOf(ana)).toEqual([
      {
        id: muy,
        spanish: 'el muy',
        russian: 'очень',
        partOfSpeech: 'noun',
        repairedSpanish: 'muy',
        repairedPartOfSpeech: 'adverb',
      },
      {
        id: nunca,
        spanish: 'la nunca',
        russian: 'никогда',
        partOfSpeech: 'noun',
        repairedSpanish: 'nunca',
        repairedPartOfSpeech: 'adverb',
      },
      {
        id: bueno,
        spanish: 'el bueno',
        russian: 'хороший',
        partOfSpeech: 'noun',
        repairedSpanish: 'bueno',
        repairedPartOfSpeech: null,
      },
      {
        id: manana,
        spanish: 'la mañana',
        russian: 'завтра',
        partOfSpeech: 'noun',
        repairedSpanish: 'mañana',
        repairedPartOfSpeech: 'adverb',
      },
    ]);
    expect((await repairsOf(boris)).map((word) => word.spanish)).toEqual(['el pero']);

    // The repair is the word card's own edit, the owner's alone: another learner's answers 404.
    const forged = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${nunca}`,
      headers: { cookie: boris.cookie },
      payload: { spanish: 'nunca', partOfSpeech: 'adverb' },
    });
    expect(forged.statusCode).toBe(404);
    expect((await repairsOf(ana)).map((word) => word.id)).toEqual([muy, nunca, bueno, manana]);
    // A repaired word is not listed again.
    const edited = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${muy}`,
      headers: { cookie: ana.cookie },
      payload: { spanish: 'muy', partOfSpeech: 'adverb' },
    });
    expect(edited.statusCode).toBe(200);
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, muy!));
    expect(row).toMatchObject({ spanish: 'muy', partOfSpeech: 'adverb' });
    expect((await repairsOf(ana)).map((word) => word.id)).toEqual([nunca, bueno, manana]);
  });
});
