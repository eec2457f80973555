import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audiobooks, jobsTable, words } from '../../src/server/db/schema';
import {
  audiobookListSchema,
  audiobookSchema,
  genreListSchema,
  genreSchema,
  sentenceListSchema,
} from '../../src/shared/api/audiobooks';
import { emptyJobProgress } from '../../src/shared/realtime';
import { BUILTIN_AUDIOBOOK_GENRES } from '../../src/shared/catalogs/audiobook-genres';
import { seedAudiobook, seedGenre } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { seedWords } from '../support/word-seeds';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(async () => {
  await testApp.close();
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });
const db = () => testApp.database.db;
const MEDIA = `/media/${'a'.repeat(64)}.webp`;

describe('genres (docs/product/audiobooks.md#genres)', () => {
  it('gives every learner the twelve built-ins once, however often and concurrently they are read', async () => {
    const ana = await registerUser(testApp.app);
    const answers = await Promise.all([1, 2, 3].map(() => call(ana, 'GET', '/api/audiobook-genres')));
    for (const answer of answers) expect(answer.statusCode).toBe(200);
    const genres = genreListSchema.parse((await call(ana, 'GET', '/api/audiobook-genres')).json());
    expect(genres.map((genre) => genre.name).sort()).toEqual([...BUILTIN_AUDIOBOOK_GENRES].sort());
    expect(genres.every((genre) => genre.isBuiltin)).toBe(true);
  });

  it('adds a trimmed own genre, refuses a name the learner has, built-in keys included', async () => {
    const ana = await registerUser(testApp.app);
    const added = await call(ana, 'POST', '/api/audiobook-genres', { name: '  Романтика ' });
    expect(added.statusCode).toBe(201);
    expect(genreSchema.parse(added.json())).toMatchObject({ name: 'Романтика', isBuiltin: false });
    const again = await call(ana, 'POST', '/api/audiobook-genres', { name: 'Романтика' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'genre_exists' });
    const builtin = await call(ana, 'POST', '/api/audiobook-genres', { name: 'horror' });
    expect(builtin.json()).toMatchObject({ code: 'genre_exists' });
    const empty = await call(ana, 'POST', '/api/audiobook-genres', { name: '   ' });
    expect(empty.statusCode).toBe(400);
    // Another learner may have the same name.
    const boris = await registerUser(testApp.app);
    expect((await call(boris, 'POST', '/api/audiobook-genres', { name: 'Романтика' })).statusCode).toBe(201);
  });

  it('sorts by name or by creation', async () => {
    const ana = await registerUser(testApp.app);
    await call(ana, 'GET', '/api/audiobook-genres');
    await call(ana, 'POST', '/api/audiobook-genres', { name: 'zzz' });
    await call(ana, 'POST', '/api/audiobook-genres', { name: 'aaa' });
    const byName = genreListSchema.parse(
      (await call(ana, 'GET', '/api/audiobook-genres?sortBy=name')).json(),
    );
    const names = byName.map((genre) => genre.name);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    const byCreation = genreListSchema.parse(
      (await call(ana, 'GET', '/api/audiobook-genres?sortBy=createdAt')).json(),
    );
    expect(byCreation.slice(-2).map((genre) => genre.name)).toEqual(['zzz', 'aaa']);
    expect((await call(ana, 'GET', '/api/audiobook-genres?sortBy=size')).statusCode).toBe(400);
  });

  it('deletes an own genre from the books that had it; built-ins and other learners’ genres stay', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const own = await seedGenre(db(), ana.id, 'Романтика');
    const horror = await seedGenre(db(), ana.id, 'horror');
    const bookId = await seedAudiobook(db(), ana.id, {
      title: 'Любовь',
      genre: 'Романтика',
      genreNames: ['Романтика', 'horror'],
      genreIds: [own, horror],
    });

    expect((await call(boris, 'DELETE', `/api/audiobook-genres/${own}`)).statusCode).toBe(404);
    const builtin = await call(ana, 'DELETE', `/api/audiobook-genres/${horror}`);
    expect(builtin.statusCode).toBe(409);
    expect(builtin.json()).toMatchObject({ code: 'genre_builtin' });

    const deleted = await call(ana, 'DELETE', `/api/audiobook-genres/${own}`);
    expect(deleted.statusCode).toBe(200);
    const book = audiobookSchema.parse((await call(ana, 'GET', `/api/audiobooks/${bookId}`)).json());
    expect(book).toMatchObject({ genreNames: ['horror'], genre: 'horror', genreIds: [horror] });
    expect((await call(ana, 'DELETE', `/api/audiobook-genres/${own}`)).json()).toMatchObject({
      code: 'genre_not_found',
    });
    expect((await call(ana, 'DELETE', '/api/audiobook-genres/99999999999')).statusCode).toBe(404);
  });
});

describe('books (docs/product/audiobooks.md#library)', () => {
  it('lists the learner’s books newest first with links and counts, never bytes', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const horror = await seedGenre(db(), ana.id, 'horror');
    const older = await seedAudiobook(db(), ana.id, {
      title: 'Старая',
      createdAt: new Date('2026-01-01T00:00:00Z'),
      coverImageData: 'data:image/png;base64,AAAA',
    });
    const newer = await seedAudiobook(db(), ana.id, {
      title: 'Новая',
      genreNames: ['horror'],
      genreIds: [horror],
      grammarLevel: 'A2',
      coverImageData: MEDIA,
      sentences: [
        { spanish: 'Hola.', russian: 'Привет.' },
        { spanish: 'Adiós.', russian: 'Пока.' },
      ],
    });
    await seedAudiobook(db(), boris.id, { title: 'Чужая' });

    const list = audiobookListSchema.parse((await call(ana, 'GET', '/api/audiobooks')).json());
    expect(list.map((book) => book.id)).toEqual([newer, older]);
    expect(list[0]).toMatchObject({
      title: 'Новая',
      genreIds: [horror],
      grammarLevel: 'A2',
      coverImageData: MEDIA,
      sentenceCount: 2,
      status: 'ready',
    });
    expect(list[1]!.coverImageData).toBeNull();
  });

  it('answers another learner’s book, a missing one and an id no row can have with 404 on every call', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const bookId = await seedAudiobook(db(), ana.id, {
      title: 'Моя',
      sentences: [{ spanish: 'Sí.', russian: 'Да.' }],
    });
    for (const [method, url, payload] of [
      ['GET', `/api/audiobooks/${bookId}`, undefined],
      ['PATCH', `/api/audiobooks/${bookId}`, { title: 'Чужая' }],
      ['DELETE', `/api/audiobooks/${bookId}`, undefined],
      ['GET', `/api/audiobooks/${bookId}/sentences`, undefined],
      ['GET', '/api/audiobooks/999999999', undefined],
      ['GET', '/api/audiobooks/99999999999/sentences', undefined],
    ] as const) {
      const answer = await call(boris, method, url, payload);
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.json()).toMatchObject({ code: 'audiobook_not_found' });
    }
    const [row] = await db().select().from(audiobooks).where(eq(audiobooks.id, bookId));
    expect(row?.title).toBe('Моя');
  });

  it('renames with a trimmed, non-empty title', async () => {
    const ana = await registerUser(testApp.app);
    const bookId = await seedAudiobook(db(), ana.id, { title: 'Было' });
    const renamed = await call(ana, 'PATCH', `/api/audiobooks/${bookId}`, { title: '  Стало ' });
    expect(renamed.statusCode).toBe(200);
    expect(audiobookSchema.parse(renamed.json()).title).toBe('Стало');
    expect((await call(ana, 'PATCH', `/api/audiobooks/${bookId}`, { title: '  ' })).statusCode).toBe(400);
    expect((await call(ana, 'PATCH', `/api/audiobooks/${bookId}`, {})).statusCode).toBe(400);
  });

  it('answers sentences in order, with paths and no legacy data: URLs', async () => {
    const ana = await registerUser(testApp.app);
    const bookId = await seedAudiobook(db(), ana.id, {
      title: 'Порядок',
      sentences: [
        { spanish: 'Uno.', russian: 'Один.', audioData: MEDIA },
        { spanish: 'Dos.', russian: 'Два.', imageData: 'data:image/png;base64,AAAA' },
        { spanish: 'Tres.', russian: 'Три.' },
      ],
    });
    const sentences = sentenceListSchema.parse(
      (await call(ana, 'GET', `/api/audiobooks/${bookId}/sentences`)).json(),
    );
    expect(sentences.map((sentence) => sentence.spanish)).toEqual(['Uno.', 'Dos.', 'Tres.']);
    expect(sentences[0]!.audioData).toBe(MEDIA);
    expect(sentences[1]!.imageData).toBeNull();
  });

  it('deleting a book drops the usage count of the words it used', async () => {
    const ana = await registerUser(testApp.app);
    const [perro, gato] = await seedWords(db(), ana.id, [
      { spanish: 'el perro', russian: 'собака' },
      { spanish: 'el gato', russian: 'кот' },
    ]);
    const first = await seedAudiobook(db(), ana.id, {
      title: 'Один',
      wordsUsed: [{ wordId: perro! }, { wordId: gato! }],
    });
    await seedAudiobook(db(), ana.id, { title: 'Два', wordsUsed: [{ wordId: perro! }] });
    await db().update(words).set({ audiobookUsageCount: 2 }).where(eq(words.id, perro!));
    await db().update(words).set({ audiobookUsageCount: 1 }).where(eq(words.id, gato!));

    expect((await call(ana, 'DELETE', `/api/audiobooks/${first}`)).json()).toEqual({ id: first });
    const counts = await db()
      .select({ id: words.id, count: words.audiobookUsageCount })
      .from(words)
      .where(eq(words.userId, ana.id));
    expect(new Map(counts.map((row) => [row.id, row.count]))).toEqual(
      new Map([
        [perro!, 1],
        [gato!, 0],
      ]),
    );
    expect((await call(ana, 'GET', `/api/audiobooks/${first}`)).statusCode).toBe(404);
  });

  it('deleting a book still being written cancels its creation job', async () => {
    const ana = await registerUser(testApp.app);
    const [job] = await db()
      .insert(jobsTable)
      .values({
        userId: ana.id,
        kind: 'create-audiobook',
        status: 'processing',
        input: {},
        progress: emptyJobProgress(0),
      })
      .returning({ id: jobsTable.id });
    const bookId = await seedAudiobook(db(), ana.id, {
      title: 'Пишется',
      status: 'processing',
      creationJobId: job!.id,
    });
    expect((await call(ana, 'DELETE', `/api/audiobooks/${bookId}`)).statusCode).toBe(200);
    const [after] = await db()
      .select({ status: jobsTable.status })
      .from(jobsTable)
      .where(eq(jobsTable.id, job!.id));
    expect(after?.status).toBe('cancelled');
  });
});
