import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { jobSchema } from '../../src/shared/api/jobs';
import { settingsDefaults, settingsSchema } from '../../src/shared/api/settings';
import {
  importPreviewSchema,
  importStartedSchema,
  type RestoreResults,
  restoreResultsSchema,
} from '../../src/shared/api/transfer';
import { MAX_DICTIONARY_WORDS } from '../../src/shared/api/uploads';
import { jobsTable, userSettings, words } from '../../src/server/db/schema';
import { createUploadsRepository } from '../../src/server/modules/uploads/uploads.repository';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { deflatedZip } from '../support/hostile-files';
import { sendMultipart } from '../support/multipart';
import { newWordOf } from '../support/new-words';

/*
 * docs/product/transfer.md#backup: a restore trusts nothing in the file. Each row is read with its table's
 * contract before it is written, the settings with the contract `PUT /api/settings` reads (a refused value
 * takes the default and is reported), keys are never restored, a base URL passes the address policy as if
 * typed; the dictionary cap holds (docs/product/upload.md#dictionary-cap), and the report lists at most 1,000
 * errors and counts the rest.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
});
afterAll(() => testApp.close());

const db = () => testApp.database.db;
const CREATED = '2030-01-01T00:00:00.000Z';

/** A backup of these tables' rows, as a hostile learner could write one. */
const backupOf = (tables: Record<string, object[] | string>, version = 1) =>
  deflatedZip([
    [
      'manifest.json',
      Buffer.from(JSON.stringify({ app: 'palabra', version, createdAt: CREATED, rows: {}, media: [] })),
    ],
    ...Object.entries(tables).map(
      ([name, rows]) =>
        [
          `tables/${name}.jsonl`,
          Buffer.from(typeof rows === 'string' ? rows : rows.map((row) => JSON.stringify(row)).join('\n')),
        ] as const,
    ),
  ]);

async function restore(user: TestUser, bytes: Buffer): Promise<RestoreResults> {
  const preview = await sendMultipart(testApp.app, user, '/api/imports/preview', {
    file: { name: 'backup.zip', bytes },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const started = await sendMultipart(testApp.app, user, '/api/imports', {
    fields: { fileId: importPreviewSchema.parse(preview.json()).fileId },
  });
  expect(started.statusCode, started.body).toBe(200);
  const jobId = importStartedSchema.parse(started.json()).jobId;
  const job = await vi.waitUntil(
    async () => {
      const answer = await testApp.app.inject({
        method: 'GET',
        url: `/api/jobs/${jobId}`,
        headers: { cookie: user.cookie },
      });
      const read = jobSchema.parse(answer.json());
      return read.status === 'pending' || read.status === 'processing' ? null : read;
    },
    { timeout: 60_000, interval: 50 },
  );
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return restoreResultsSchema.parse(job.results);
}

const get = (user: TestUser, url: string) =>
  testApp.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });

const word = (id: number, spanish: string, extra: object = {}) => ({
  id,
  spanish,
  russian: `${spanish} по-русски`,
  duplicateKey: spanish,
  createdAt: CREATED,
  ...extra,
});

describe('a restored settings row', () => {
  it('takes the default for each value PUT /api/settings would refuse, and never restores a key', async () => {
    const learner = await registerUser(testApp.app);
    const results = await restore(
      learner,
      await backupOf({
        settings: [
          {
            theme: 'bogus',
            volume: -5000,
            fontSize: 'large',
            openaiBaseUrl: 'http://169.254.169.254/v1',
            openaiApiKeyEncrypted: 'sealed-by-someone-else',
            audiobookRequirements: 'Historias cortas',
          },
        ],
      }),
    );
    expect(results.errors.map((error) => [error.code, error.params])).toEqual(
      expect.arrayContaining([
        ['backup_value_invalid', { field: 'theme' }],
        ['backup_value_invalid', { field: 'volume' }],
        ['backup_value_invalid', { field: 'openaiBaseUrl' }],
      ]),
    );
    const answer = await get(learner, '/api/settings');
    expect(answer.statusCode, answer.body).toBe(200);
    const settings = settingsSchema.parse(answer.json());
    expect(settings).toMatchObject({
      theme: settingsDefaults.theme,
      volume: settingsDefaults.volume,
      openaiBaseUrl: settingsDefaults.openaiBaseUrl,
      audiobookRequirements: 'Historias cortas',
      hasOpenaiApiKey: false,
    });
    const [row] = await db().select().from(userSettings).where(eq(userSettings.userId, learner.id));
    expect(row?.openaiApiKeyEncrypted).toBeNull();
    // The learner can change their settings again.
    const changed = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { theme: 'dark', volume: 30 },
      headers: { cookie: learner.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});

describe('the settings of a backup made before they were read', () => {
  it('restore the look and the play-all its learner had (docs/product/decisions.md#settings-stored-and-read)', async () => {
    const settingsAfter = async (row: object, version: number) => {
      const learner = await registerUser(testApp.app);
      await restore(learner, await backupOf({ settings: [row] }, version));
      return settingsSchema.parse((await get(learner, '/api/settings')).json());
    };
    // Version 1: nothing read themeMode or playAllDelay; the theme was chosen by hand unless it was 'system'.
    expect(await settingsAfter({ theme: 'light', themeMode: 'auto', playAllDelay: 3 }, 1)).toMatchObject({
      theme: 'light',
      themeMode: 'manual',
      playAllDelay: 0,
    });
    expect(await settingsAfter({ theme: 'system', themeMode: 'auto' }, 1)).toMatchObject({
      themeMode: 'auto',
    });
    // Version 2 holds what the learner chose.
    expect(await settingsAfter({ theme: 'dark', themeMode: 'auto', playAllDelay: 3 }, 2)).toMatchObject({
      theme: 'dark',
      themeMode: 'auto',
      playAllDelay: 3,
    });
  });
});

describe('restored rows of other tables', () => {
  it('are read with their table’s contract: a row it refuses is an error of its table, and every screen still reads', async () => {
    const learner = await registerUser(testApp.app);
    const card = (id: number, direction: string, state: string) => ({
      id,
      wordId: 1,
      direction,
      state,
      due: CREATED,
      stability: 1,
      difficulty: 5,
      scheduledDays: 1,
      learningSteps: 0,
      reps: 1,
      lapses: 0,
      lastReview: CREATED,
      createdAt: CREATED,
    });
    const results = await restore(
      learner,
      await backupOf({
        words: [
          word(1, 'perro', { attempts: 2 ** 31 - 1 }),
          word(2, 'gato', { attempts: 2 ** 40 }),
          word(3, 'casa', { cefrLevel: 'A1', createdAt: 'not a date' }),
        ],
        review_cards: [card(1, 'es-ru', 'review'), card(2, 'ru-es', 'bogus')],
        audiobooks: [
          { id: 1, title: 'Bueno', status: 'ready', targetWordCount: 100, createdAt: CREATED },
          { id: 2, title: 'Malo', status: 'bogus', targetWordCount: 100, createdAt: CREATED },
        ],
      }),
    );
    expect(results.words.map((restored) => restored.spanish)).toEqual(['perro']);
    expect(results.restored).toMatchObject({ words: 1, review_cards: 1, audiobooks: 1 });
    expect(results.errors.map((error) => error.params?.table)).toEqual([
      'words',
      'words',
      'review_cards',
      'audiobooks',
    ]);
    for (const url of [
      '/api/words',
      '/api/review/queue',
      '/api/review/stats',
      '/api/audiobooks',
      '/api/progress',
    ]) {
      const answer = await get(learner, url);
      expect(answer.statusCode, `${url}: ${answer.body}`).toBe(200);
    }
  });

  it('lists the first 1,000 errors and counts the rest', async () => {
    const learner = await registerUser(testApp.app);
    const results = await restore(
      learner,
      await backupOf({
        words: Array.from({ length: 1_500 }, (_, index) => `{"id": ${index}, "broken"`).join('\n'),
      }),
    );
    expect(results.errors).toHaveLength(1_000);
    expect(results.moreErrors).toBe(500);
  });
});

describe('the dictionary cap', () => {
  /** Fills the learner's dictionary to `count` words in one statement. */
  async function fillDictionary(user: TestUser, count: number) {
    await db().execute(sql`
      insert into ${words} (user_id, spanish, russian, duplicate_key)
      select ${user.id}, 'palabra' || n, 'слово' || n, 'palabra' || n from generate_series(1, ${count}) as n`);
  }

  it('refuses an upload or an import that would pass it; a restore adds up to it; two saves meeting at it share the room left', async () => {
    const learner = await registerUser(testApp.app);
    // Filled once (100,000 rows take a few seconds): every step below reads the count the one before left.
    await fillDictionary(learner, MAX_DICTIONARY_WORDS - 3);
    const upload = await testApp.app.inject({
      method: 'POST',
      url: '/api/words/process-batch',
      payload: { text: 'uno / один\ndos / два\ntres / три\ncuatro / четыре' },
      headers: { cookie: learner.cookie },
    });
    expect(upload.statusCode, upload.body).toBe(409);
    expect(upload.json()).toMatchObject({ code: 'dictionary_full', params: { max: MAX_DICTIONARY_WORDS } });
    const imported = await sendMultipart(testApp.app, learner, '/api/imports', {
      file: {
        name: 'words.csv',
        bytes: Buffer.from('spanish,russian\nuno,один\ndos,два\ntres,три\ncuatro,четыре\n'),
      },
    });
    expect(imported.statusCode, imported.body).toBe(409);
    expect(imported.json()).toMatchObject({ code: 'dictionary_full', params: { max: MAX_DICTIONARY_WORDS } });

    const results = await restore(
      learner,
      await backupOf({
        words: ['uno', 'dos', 'tres', 'cuatro', 'cinco'].map((spanish, index) => word(index + 1, spanish)),
      }),
    );
    expect(results.words.map((restored) => restored.spanish)).toEqual(['uno', 'dos', 'tres']);
    expect(results.errors).toEqual([
      expect.objectContaining({
        code: 'dictionary_full',
        spanish: 'cuatro',
        params: { max: MAX_DICTIONARY_WORDS },
      }),
      expect.objectContaining({
        code: 'dictionary_full',
        spanish: 'cinco',
        params: { max: MAX_DICTIONARY_WORDS },
      }),
    ]);
    expect(await wordCount(learner)).toBe(MAX_DICTIONARY_WORDS);

    // Full: a restore is refused before it starts.
    const preview = await sendMultipart(testApp.app, learner, '/api/imports/preview', {
      file: { name: 'backup.zip', bytes: await backupOf({ words: [word(1, 'seis')] }) },
    });
    const refused = await sendMultipart(testApp.app, learner, '/api/imports', {
      fields: { fileId: importPreviewSchema.parse(preview.json()).fileId },
    });
    expect(refused.statusCode, refused.body).toBe(409);

    // Two words' room, and two saves of two words each at once: one takes the room, the other finds none.
    await db().execute(
      sql`delete from ${words} where ${words.userId} = ${learner.id} and ${words.spanish} in ('palabra1', 'palabra2')`,
    );
    const uploads = createUploadsRepository(db());
    // Each save writes its job's checkpoint, as the instance holding the job.
    const [job] = await db()
      .insert(jobsTable)
      .values({
        userId: learner.id,
        kind: 'upload-words',
        status: 'processing',
        ownerInstanceId: 'this-instance',
      })
      .returning({ id: jobsTable.id });
    const outcomes: Array<{ saved: number; overCap: number }> = [];
    const save = (names: string[]) =>
      uploads.saveChunk(
        learner.id,
        names.map((name) => newWordOf(name)),
        {
          jobId: job!.id,
          ownerInstanceId: 'this-instance',
          resultsAfter: ({ ids, overCap }) => {
            outcomes.push({ saved: ids.size, overCap: overCap.size });
            return {};
          },
        },
      );
    await Promise.all([save(['a1', 'a2']), save(['b1', 'b2'])]);
    expect(outcomes.map((outcome) => outcome.saved).sort()).toEqual([0, 2]);
    expect(outcomes.map((outcome) => outcome.overCap).sort()).toEqual([0, 2]);
    expect(await wordCount(learner)).toBe(MAX_DICTIONARY_WORDS);
  });
});

async function wordCount(user: TestUser) {
  const [row] = await db()
    .select({ count: sql<number>`count(*)::int` })
    .from(words)
    .where(eq(words.userId, user.id));
  return row?.count ?? 0;
}
