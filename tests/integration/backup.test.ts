import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Job, jobSchema } from '../../src/shared/api/jobs';
import {
  exportResultsSchema,
  exportStartedSchema,
  importPreviewSchema,
  importStartedSchema,
  restoreResultsSchema,
} from '../../src/shared/api/transfer';
import { duplicateKeyOf } from '../../src/shared/text/duplicate-key';
import type { Db } from '../../src/server/db/client';
import {
  audioFiles,
  audioRecordings,
  audiobookImageSeries,
  audiobookImageSeriesItems,
  audiobookSentenceImages,
  audiobookSentences,
  audiobooks,
  dailyActivity,
  dailyStudiedWords,
  generatedImages,
  learningSessions,
  mediaObjects,
  mediaOwners,
  reviewCards,
  reviewLogs,
  themes,
  userProgress,
  userSettings,
  wordImages,
  wordThemes,
} from '../../src/server/db/schema';
import { createMediaRepository } from '../../src/server/media/media.repository';
import { createMediaStore } from '../../src/server/media/media-store';
import { BACKUP_TABLES, type BackupTable } from '../../src/server/modules/transfer/backup-tables';
import { type BackupRow, createBackupRepository } from '../../src/server/modules/transfer/backup.repository';
import { chunkedBuffer, openZipArchive } from '../../src/server/modules/transfer/zip-archive';
import { seedAudiobook, seedGenre } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { seedWords } from '../support/word-seeds';
import { sendMultipart } from '../support/multipart';

/*
 * docs/product/transfer.md#backup: everything a learner owns, out as a .zip and back into an empty account on
 * another database with every row and media file the same; into a non-empty account, merged by D8.
 */

let source: TestApp;
let target: TestApp;
beforeAll(async () => {
  [source, target] = await Promise.all([buildTestApp({ runsJobs: true }), buildTestApp({ runsJobs: true })]);
});
afterAll(async () => {
  await Promise.all([source.close(), target.close()]);
});

const send = (app: TestApp, user: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

async function finished(app: TestApp, user: TestUser, jobId: string): Promise<Job> {
  return vi.waitUntil(
    async () => {
      const job = jobSchema.parse((await send(app, user, 'GET', `/api/jobs/${jobId}`)).json());
      return job.status === 'pending' || job.status === 'processing' ? null : job;
    },
    { timeout: 60_000, interval: 50 },
  );
}

async function backupOf(app: TestApp, user: TestUser): Promise<Buffer> {
  const started = await send(app, user, 'POST', '/api/exports', { format: 'backup' });
  expect(started.statusCode, started.body).toBe(200);
  const job = await finished(app, user, exportStartedSchema.parse(started.json()).jobId);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  const results = exportResultsSchema.parse(job.results);
  expect(results.fileName).toMatch(/^palabra-backup-\d{4}-\d{2}-\d{2}\.zip$/);
  const download = await send(app, user, 'GET', results.downloadUrl!);
  expect(download.statusCode).toBe(200);
  return download.rawPayload;
}

const upload = (app: TestApp, user: TestUser, url: string, fields: Record<string, string>, file?: Buffer) =>
  sendMultipart(app.app, user, url, {
    fields,
    ...(file ? { file: { name: 'backup.zip', bytes: file } } : {}),
  });

async function restore(app: TestApp, user: TestUser, bytes: Buffer) {
  const preview = await upload(app, user, '/api/imports/preview', {}, bytes);
  expect(preview.statusCode, preview.body).toBe(200);
  const shown = importPreviewSchema.parse(preview.json());
  expect(shown.format).toBe('backup');
  const started = await upload(app, user, '/api/imports', { fileId: shown.fileId });
  expect(started.statusCode, started.body).toBe(200);
  const job = await finished(app, user, importStartedSchema.parse(started.json()).jobId);
  expect(job.status, JSON.stringify(job.error)).toBe('completed');
  return { preview: shown, results: restoreResultsSchema.parse(job.results) };
}

const clip = (label: string) =>
  Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0x64]), Buffer.alloc(413), Buffer.from(label)]);
const picture = (red: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: red, g: 1, b: 2 } } })
    .png()
    .toBuffer();

/** A learner with a row in every table a backup holds, and media in every media column kind. */
async function seedEverything(db: Db, userId: string) {
  const store = createMediaStore(createMediaRepository(db));
  const put = (bytes: Buffer, type: 'audio/mpeg' | 'image/png') => store.put(userId, bytes, type);
  const at = (day: number) => new Date(Date.UTC(2030, 0, day, 9, 30));
  const [perro, gato] = await seedWords(db, userId, [
    {
      spanish: 'el perro',
      duplicateKey: duplicateKeyOf('el perro'),
      russian: 'собака',
      example: 'El perro come.',
      exampleTranslation: 'Собака ест.',
      partOfSpeech: 'noun',
      cefrLevel: 'A1',
      themeCategory: 'животные',
      imageUrl: await put(await picture(10), 'image/png'),
      audioData: await put(clip('perro-1'), 'audio/mpeg'),
      secondVoiceAudioData: await put(clip('perro-2'), 'audio/mpeg'),
      russianAudioData: await put(clip('perro-ru'), 'audio/mpeg'),
      attempts: 12,
      listenCount: 12,
      isSpacedRepetitionActive: true,
      spacedRepetitionDay: 3,
      lastSpacedRepetitionAt: at(5),
      createdAt: at(1),
    },
    {
      spanish: 'el gato',
      duplicateKey: duplicateKeyOf('el gato'),
      // Kept without a translation (docs/product/upload.md#spanish-only-lines): the mark travels too.
      russian: '',
      needsTranslation: true,
      isHidden: true,
      createdAt: at(2),
    },
  ]);
  const [theme] = await db.insert(themes).values({ name: 'животные' }).onConflictDoNothing().returning();
  const themeId = theme?.id ?? (await db.select().from(themes).where(eq(themes.name, 'животные')))[0]!.id;
  await db.insert(wordThemes).values({ wordId: perro!, themeId, order: 1 });
  await db.insert(generatedImages).values({
    userId,
    wordId: perro!,
    imageUrl: await put(await picture(20), 'image/png'),
    styleId: 3,
    styleName: 'sketch',
    imageFormat: 'square',
    createdAt: at(3),
  });
  await db.insert(wordImages).values({
    userId,
    wordId: gato!,
    imageData: await put(await picture(30), 'image/png'),
    createdAt: at(3),
  });
  await db.insert(audioFiles).values({
    userId,
    wordId: perro!,
    text: 'el perro',
    language: 'es-MX',
    voiceId: 'voice-1',
    speed: 0.9,
    audioData: await put(clip('cache'), 'audio/mpeg'),
    createdAt: at(3),
  });
  await db
    .insert(audioRecordings)
    .values({ userId, wordId: gato!, text: 'el gato', voiceId: 'voice-2', duration: 1.5, createdAt: at(4) });
  const [card] = await db
    .insert(reviewCards)
    .values({
      userId,
      wordId: perro!,
      direction: 'es-ru',
      state: 'review',
      due: at(9),
      stability: 4.5,
      difficulty: 5.1,
      scheduledDays: 4,
      reps: 2,
      lastReview: at(5),
      fixedStep: 1,
      createdAt: at(4),
    })
    .returning();
  const cardState = {
    due: at(9).toISOString(),
    stability: 4.5,
    difficulty: 5.1,
    scheduledDays: 4,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    state: 'review',
    lastReview: at(5).toISOString(),
    fixedStep: 1,
  };
  await db.insert(reviewLogs).values({
    userId,
    cardId: card!.id,
    reviewId: 'b7c1e7a2-1111-4444-8888-000000000001',
    grade: 3,
    scheduler: 'fsrs',
    reviewedAt: at(5),
    durationMs: 4200,
    stateBefore: 'learning',
    cardBefore: { ...cardState, state: 'learning' },
    cardAfter: cardState,
    createdAt: at(5),
  } as typeof reviewLogs.$inferInsert);
  const genre = await seedGenre(db, userId, 'adventure');
  const book = await seedAudiobook(db, userId, {
    title: 'El perro y el gato',
    genre: 'adventure',
    grammarLevel: 'A2',
    coverImageData: await put(await picture(40), 'image/png'),
    genreNames: ['adventure'],
    lastPlayedPosition: 1,
    createdAt: at(6),
    sentences: [
      {
        spanish: 'El perro corre.',
        russian: 'Собака бежит.',
        audioData: await put(clip('s1'), 'audio/mpeg'),
        imageData: await put(await picture(50), 'image/png'),
      },
      { spanish: 'El gato duerme.', russian: 'Кошка спит.', listenCount: 2 },
    ],
    genreIds: [genre],
    wordsUsed: [{ wordId: perro! }, { wordId: gato!, isActive: false }],
  });
  const [sentence] = await db
    .select()
    .from(audiobookSentences)
    .where(eq(audiobookSentences.audiobookId, book))
    .orderBy(audiobookSentences.orderIndex);
  const [series] = await db
    .insert(audiobookImageSeries)
    .values({
      audiobookId: book,
      userId,
      serviceProvider: 'builtin',
      imageStyle: '3',
      status: 'completed',
      totalSentences: 2,
      completedSentences: 1,
      characterAnalysis: { hero: 'perro' },
      createdAt: at(7),
    })
    .returning();
  await db.insert(audiobookImageSeriesItems).values({
    seriesId: series!.id,
    sentenceId: sentence!.id,
    userId,
    imageData: await put(await picture(60), 'image/png'),
    generationPrompt: 'a dog',
    createdAt: at(7),
  });
  await db.update(audiobooks).set({ selectedImageSeriesId: series!.id }).where(eq(audiobooks.id, book));
  await db.insert(audiobookSentenceImages).values({
    sentenceId: sentence!.id,
    audiobookId: book,
    userId,
    serviceProvider: 'builtin',
    imageData: await put(await picture(70), 'image/png'),
    imageStyle: '3',
    createdAt: at(7),
  });
  await db
    .insert(learningSessions)
    .values({ userId, startTime: at(5), endTime: at(5), wordsStudied: 2, correctAnswers: 1, totalTime: 300 });
  await db
    .insert(dailyActivity)
    .values({ userId, day: '2030-01-05', wordsStudied: 2, plays: 9, secondsStudied: 300 });
  await db.insert(dailyStudiedWords).values([
    { userId, day: '2030-01-05', wordId: perro! },
    { userId, day: '2030-01-05', wordId: gato! },
  ]);
  await db.insert(userSettings).values({
    userId,
    openaiApiKeyEncrypted: 'sealed-key',
    dailyWordGoal: 40,
    reviewNewPerDay: 7,
  } as typeof userSettings.$inferInsert);
  await db
    .insert(userProgress)
    .values({ userId, wordsAdded: 2, wordsLearned: 1, currentStreak: 3, lastStudyDate: at(5) });
}

/**
 * A table's rows for comparison across databases: ids become positions in id order, and every reference the
 * position of the row it points at, so two accounts compare equal when they hold the same data.
 */
async function canonicalRows(db: Db, userId: string) {
  const repository = createBackupRepository(db);
  const rowsOf = new Map<string, BackupRow[]>();
  for (const table of BACKUP_TABLES) {
    const rows: BackupRow[] = [];
    for (let afterId = 0; ;) {
      const page = await repository.readPage(table, userId, afterId);
      rows.push(...page);
      if (!table.hasId || page.length === 0) break;
      afterId = Number(page.at(-1)!.id);
    }
    rowsOf.set(table.name, rows);
  }
  const positionIn = (name: string, id: unknown) =>
    (rowsOf.get(name) ?? []).findIndex((row) => row.id === id);
  const canonical = (table: BackupTable, row: BackupRow) => {
    const value: BackupRow = { ...row };
    if (table.hasId) value.id = positionIn(table.name, row.id);
    const references = { ...table.references, ...table.deferredReferences };
    for (const [column, target] of Object.entries(references)) {
      if (value[column] !== null && value[column] !== undefined)
        value[column] = positionIn(target, value[column]);
    }
    for (const column of table.cleared ?? []) value[column] = null;
    // Settings are restored as a change to the account's (docs/product/transfer.md#backup): their time is
    // the restore's.
    if (table.name === 'settings') delete value.updatedAt;
    return value;
  };
  const themesOf = await repository.readWordThemes(userId, 0);
  return {
    tables: Object.fromEntries(
      BACKUP_TABLES.map((table) => [
        table.name,
        (rowsOf.get(table.name) ?? []).map((row) => canonical(table, row)),
      ]),
    ),
    wordThemes: themesOf.map((link) => ({ ...link, wordId: positionIn('words', link.wordId) })),
  };
}

async function mediaHashes(db: Db, userId: string) {
  const rows = await db
    .select({ sha256: mediaObjects.sha256, byteSize: mediaObjects.byteSize })
    .from(mediaOwners)
    .innerJoin(mediaObjects, eq(mediaObjects.sha256, mediaOwners.sha256))
    .where(eq(mediaOwners.userId, userId));
  return rows.map((row) => `${row.sha256}:${row.byteSize}`).sort();
}

describe('a backup', () => {
  it('restores into an empty account on another database with every row and media file the same', async () => {
    const owner = await registerUser(source.app);
    await seedEverything(source.database.db, owner.id);
    const bytes = await backupOf(source, owner);

    // No key is ever in it.
    const archive = await openZipArchive(chunkedBuffer(bytes));
    const settings = (await archive.read('tables/settings.jsonl', 1e6))!.toString('utf8');
    expect(settings).toContain('"dailyWordGoal":40');
    expect(settings).not.toContain('sealed-key');
    expect(settings).not.toContain('openaiApiKeyEncrypted');
    archive.close();

    const restorer = await registerUser(target.app);
    const { preview, results } = await restore(target, restorer, bytes);
    expect(preview.backup).toMatchObject({
      rows: { words: 2, audiobooks: 1, review_logs: 1 },
      mediaFiles: 12,
    });
    expect(results.errors).toEqual([]);
    expect(results.duplicates).toEqual([]);
    expect(results.words.map((word) => word.spanish)).toEqual(['el perro', 'el gato']);
    expect(results.mediaFiles).toBe(12);

    const before = await canonicalRows(source.database.db, owner.id);
    const after = await canonicalRows(target.database.db, restorer.id);
    for (const table of BACKUP_TABLES) {
      expect(after.tables[table.name], table.name).toEqual(before.tables[table.name]);
      if (table.name !== 'settings' && table.name !== 'progress') {
        expect(before.tables[table.name]!.length, `${table.name} seeded`).toBeGreaterThan(0);
      }
    }
    expect(after.wordThemes).toEqual(before.wordThemes);
    expect(await mediaHashes(target.database.db, restorer.id)).toEqual(
      await mediaHashes(source.database.db, owner.id),
    );
    const [restoredSettings] = await target.database.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, restorer.id));
    expect(restoredSettings?.openaiApiKeyEncrypted).toBeNull();
  });

  it('into an account with words merges by the duplicate rules, says so, and adds nothing twice when run again', async () => {
    const owner = await registerUser(source.app);
    await seedWords(source.database.db, owner.id, [
      { spanish: 'el perro', duplicateKey: duplicateKeyOf('el perro'), russian: 'собака' },
      { spanish: 'la casa', duplicateKey: duplicateKeyOf('la casa'), russian: 'дом' },
    ]);
    const bytes = await backupOf(source, owner);

    const learner = await registerUser(target.app);
    const [ownPerro] = await seedWords(target.database.db, learner.id, [
      { spanish: 'perro', duplicateKey: duplicateKeyOf('perro'), russian: 'пёс' },
    ]);
    const first = await restore(target, learner, bytes);
    expect(first.results.words.map((word) => word.spanish)).toEqual(['la casa']);
    expect(first.results.duplicates).toEqual([
      expect.objectContaining({
        spanish: 'el perro',
        existingWordId: ownPerro,
        reason: { code: 'upload_word_exists' },
      }),
    ]);
    expect(first.results.restored.words).toBe(1);

    const again = await restore(target, learner, bytes);
    expect(again.results.words).toEqual([]);
    expect(again.results.restored.words).toBe(0);
    const rows = await createBackupRepository(target.database.db).readPage(
      BACKUP_TABLES.find((table) => table.name === 'words')!,
      learner.id,
      0,
    );
    expect(rows.map((row) => [row.spanish, row.russian])).toEqual([
      ['perro', 'пёс'],
      ['la casa', 'дом'],
    ]);
  });

  it('into another account of the same database restores every word, none taken for the first learner’s', async () => {
    const owner = await registerUser(source.app);
    await seedWords(source.database.db, owner.id, [
      { spanish: 'el sol', duplicateKey: duplicateKeyOf('el sol'), russian: 'солнце' },
      { spanish: 'la luna', duplicateKey: duplicateKeyOf('la luna'), russian: 'луна' },
      { spanish: 'el mar', duplicateKey: duplicateKeyOf('el mar'), russian: 'море' },
    ]);
    const bytes = await backupOf(source, owner);
    const sibling = await registerUser(source.app);
    const { results } = await restore(source, sibling, bytes);
    expect(results.words.map((word) => word.spanish)).toEqual(['el sol', 'la luna', 'el mar']);
    expect(results.duplicates).toEqual([]);
  });

  it('that is not a backup of ours is refused before anything is restored', async () => {
    const learner = await registerUser(target.app);
    const notOurs = await upload(target, learner, '/api/imports', {}, Buffer.from('PK not really'));
    expect(notOurs.statusCode).toBe(400);
    expect(notOurs.json()).toMatchObject({ code: 'import_unreadable' });
  });
});
