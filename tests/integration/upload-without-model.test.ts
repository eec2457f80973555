import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { words } from '../../src/server/db/schema';
import { stripLeadingArticle } from '../../src/shared/text/duplicate-key';
import { buildTestApp, registerUser, type TestApp } from '../support/build-test-app';
import { COMMON_WORDS } from '../support/common-words';
import { waitForUploadJob } from '../support/upload-jobs';

let testApp: TestApp;

beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
});
afterAll(() => testApp.close());

describe('an upload without a language model (docs/product/upload.md#analysis-without-a-language-model)', () => {
  it('adds an article only to nouns it knows, with their gender, and tags no adverb as a verb', async () => {
    const learner = await registerUser(testApp.app);
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/words/process-batch',
      headers: { cookie: learner.cookie },
      payload: { text: COMMON_WORDS.map(({ line }) => line).join('\n'), generateImages: false },
    });
    expect(started.statusCode).toBe(200);
    const job = await waitForUploadJob(testApp.app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    expect(job.results?.errors).toEqual([]);

    const rows = await testApp.database.db
      .select({ spanish: words.spanish, russian: words.russian, partOfSpeech: words.partOfSpeech })
      .from(words)
      .where(eq(words.userId, learner.id));
    expect(rows).toHaveLength(COMMON_WORDS.length);
    // Ids are random on PostgreSQL, so both sides are compared in one order of their own.
    const bySpanishOrder = (a: { spanish: string }, b: { spanish: string }) =>
      a.spanish.localeCompare(b.spanish);
    const stored = rows.map(({ spanish, partOfSpeech }) => ({ spanish, partOfSpeech })).sort(bySpanishOrder);
    expect(stored).toEqual(
      COMMON_WORDS.map(({ stored: spanish, partOfSpeech }) => ({ spanish, partOfSpeech })).sort(
        bySpanishOrder,
      ),
    );
    // The issue's own complaints, each said outright.
    for (const row of rows) {
      const typed = COMMON_WORDS.find(({ stored: spanish }) => spanish === row.spanish)!;
      if (row.partOfSpeech !== 'noun') expect(stripLeadingArticle(row.spanish), typed.line).toBe(row.spanish);
    }
    const bySpanish = new Map(rows.map((row) => [row.spanish, row]));
    expect(bySpanish.get('ayer')?.partOfSpeech).toBe('adverb');
    expect(bySpanish.get('mañana')).toEqual({ spanish: 'mañana', russian: 'завтра', partOfSpeech: 'adverb' });
    expect(bySpanish.get('la mujer')?.partOfSpeech).toBe('noun');
    expect(bySpanish.get('el lugar')?.partOfSpeech).toBe('noun');
    expect(bySpanish.get('poder')?.partOfSpeech).toBe('verb');
  });
});

describe('the fills of an upload without a language model (docs/product/upload.md#fills-without-a-model)', () => {
  it('reports each field the rules filled with what was typed, and the edit route undoes it', async () => {
    const learner = await registerUser(testApp.app);
    const started = await testApp.app.inject({
      method: 'POST',
      url: '/api/words/process-batch',
      headers: { cookie: learner.cookie },
      payload: {
        text: 'perro - собака\nhablar - говорить\nla mesa - стол\nrojo - красный',
        generateImages: false,
      },
    });
    expect(started.statusCode).toBe(200);
    const job = await waitForUploadJob(testApp.app, learner, started.json<{ jobId: string }>().jobId);
    expect(job.status).toBe('completed');
    const reported = job.results?.words.map(({ spanish, partOfSpeech, filled }) => ({
      spanish,
      partOfSpeech,
      filled,
    }));
    expect(reported).toEqual([
      {
        spanish: 'el perro',
        partOfSpeech: 'noun',
        filled: [
          { field: 'article', typed: 'perro' },
          { field: 'partOfSpeech', typed: null },
        ],
      },
      { spanish: 'hablar', partOfSpeech: 'verb', filled: [{ field: 'partOfSpeech', typed: null }] },
      // The learner's own article is no fill; the noun it makes is.
      { spanish: 'la mesa', partOfSpeech: 'noun', filled: [{ field: 'partOfSpeech', typed: null }] },
      // Nothing sure, nothing filled.
      { spanish: 'rojo', partOfSpeech: null, filled: [] },
    ]);

    const perro = job.results!.words[0]!;
    const undoArticle = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${perro.id}`,
      headers: { cookie: learner.cookie },
      payload: { spanish: perro.filled[0]!.typed },
    });
    expect(undoArticle.statusCode).toBe(200);
    const hablar = job.results!.words[1]!;
    const undoPartOfSpeech = await testApp.app.inject({
      method: 'PUT',
      url: `/api/words/${hablar.id}`,
      headers: { cookie: learner.cookie },
      payload: { partOfSpeech: null },
    });
    expect(undoPartOfSpeech.statusCode).toBe(200);
    const rows = await testApp.database.db
      .select({ spanish: words.spanish, partOfSpeech: words.partOfSpeech })
      .from(words)
      .where(eq(words.userId, learner.id))
      .orderBy(words.id);
    expect(rows).toEqual([
      { spanish: 'perro', partOfSpeech: 'noun' },
      { spanish: 'hablar', partOfSpeech: null },
      { spanish: 'la mesa', partOfSpeech: 'noun' },
      { spanish: 'rojo', partOfSpeech: null },
    ]);
  });
});
