import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  audiobookGenreLinks,
  audiobookSentences,
  audiobooks,
  audiobookWordsUsed,
  words,
} from '../../src/server/db/schema';
import { jobSchema, type Job } from '../../src/shared/api/jobs';
import { seedAudiobook, seedGenre } from '../support/audiobook-seeds';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { seedWords } from '../support/word-seeds';

/* The library's maintenance actions (docs/product/audiobooks.md#maintenance) on seeded books. */

let fake: FakeProviders;
let testApp: TestApp;
beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({ providerBaseUrls: fake.providerBaseUrls, runsJobs: true });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const db = () => testApp.database.db;
const post = (user: TestUser, path: string) =>
  testApp.app.inject({ method: 'POST', url: `/api/audiobooks/${path}`, headers: { cookie: user.cookie } });
const bookRow = async (id: number) => (await db().select().from(audiobooks).where(eq(audiobooks.id, id)))[0]!;

const STORY = [
  { spanish: 'El perro duerme en la casa.', russian: 'Собака спит в доме.' },
  { spanish: 'Los gatos comieron pescado.', russian: 'Кошки съели рыбу.' },
];

describe('maintenance', () => {
  it('re-verify-all recomputes the words each book uses and their usage counts; others’ books stay', async () => {
    const ana = await registerUser(testApp.app);
    const boris = await registerUser(testApp.app);
    const [perro, gato, casa] = await seedWords(db(), ana.id, [
      { spanish: 'el perro', russian: 'собака' },
      { spanish: 'el gato', russian: 'кошка' },
      { spanish: 'la casa', russian: 'дом', disabledAt: new Date() },
    ]);
    const book = await seedAudiobook(db(), ana.id, {
      title: 'Дом',
      sentences: STORY,
      wordsUsed: [{ wordId: gato! }],
    });
    const other = await seedAudiobook(db(), boris.id, { title: 'Чужая', sentences: STORY });

    const answer = await post(ana, 're-verify-all');
    expect(answer.json()).toEqual({ totalAudiobooks: 1, successCount: 1, failedCount: 0 });
    const used = await db().select().from(audiobookWordsUsed).where(eq(audiobookWordsUsed.audiobookId, book));
    expect(used.map((row) => row.wordId).sort()).toEqual([perro!, gato!, casa!].sort());
    expect(await bookRow(book)).toMatchObject({
      activeWordsUsed: 2,
      passiveWordsUsed: 1,
      verificationCompleted: true,
      sentenceCount: 2,
      actualWordCountSpanish: 10,
    });
    const [perroRow] = await db().select().from(words).where(eq(words.id, perro!));
    expect(perroRow?.audiobookUsageCount).toBe(1);
    expect((await bookRow(other)).verificationCompleted).toBe(false);
  });

  it('re-verify-all counts a book that fails, and still verifies the books after it', async () => {
    const ana = await registerUser(testApp.app);
    await seedWords(db(), ana.id, [{ spanish: 'el perro', russian: 'собака' }]);
    const first = await seedAudiobook(db(), ana.id, { title: 'Первая', sentences: STORY });
    const broken = await seedAudiobook(db(), ana.id, { title: 'Сломанная', sentences: STORY });
    const last = await seedAudiobook(db(), ana.id, { title: 'Последняя', sentences: STORY });
    // The database refuses to mark this one book verified: its write fails as a real one would.
    await db().execute(
      sql.raw(
        `ALTER TABLE audiobooks ADD CONSTRAINT refuses_book_${broken} ` +
          `CHECK (id <> ${broken} OR NOT verification_completed) NOT VALID`,
      ),
    );
    try {
      const answer = await post(ana, 're-verify-all');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ totalAudiobooks: 3, successCount: 2, failedCount: 1 });
    } finally {
      await db().execute(sql.raw(`ALTER TABLE audiobooks DROP CONSTRAINT refuses_book_${broken}`));
    }
    expect((await bookRow(first)).verificationCompleted).toBe(true);
    expect((await bookRow(last)).verificationCompleted).toBe(true);
    expect((await bookRow(broken)).verificationCompleted).toBe(false);
  });

  it('fix-tags links each book to the genres its list names, making the learner’s missing genres', async () => {
    const ana = await registerUser(testApp.app);
    const horror = await seedGenre(db(), ana.id, 'horror');
    const stray = await seedGenre(db(), ana.id, 'Лишний');
    const fine = await seedAudiobook(db(), ana.id, {
      title: 'В порядке',
      genreNames: ['horror'],
      genreIds: [horror],
    });
    const broken = await seedAudiobook(db(), ana.id, {
      title: 'Сломана',
      genreNames: ['horror', 'Новый'],
      genreIds: [stray],
    });
    expect((await post(ana, 'fix-tags')).json()).toEqual({ statistics: { processed: 2, updated: 1 } });
    const linksOf = async (id: number) =>
      (await db().select().from(audiobookGenreLinks).where(eq(audiobookGenreLinks.audiobookId, id))).map(
        (l) => l.genreId,
      );
    expect(await linksOf(fine)).toEqual([horror]);
    const brokenLinks = await linksOf(broken);
    expect(brokenLinks).toContain(horror);
    expect(brokenLinks).not.toContain(stray);
    expect(brokenLinks).toHaveLength(2);
  });

  it('analyze-content recomputes counts and names the books that were wrong', async () => {
    const ana = await registerUser(testApp.app);
    const media = `/media/${'b'.repeat(64)}.webp`;
    const wrong = await seedAudiobook(db(), ana.id, {
      title: 'Ошибка в счёте',
      sentences: [{ ...STORY[0]!, imageData: media, audioData: `/media/${'c'.repeat(64)}.mp3` }, STORY[1]!],
      sentenceCount: 7,
    });
    expect((await post(ana, 'analyze-content')).json()).toEqual({
      statistics: { processed: 1, analyzed: 1 },
    });
    expect(await bookRow(wrong)).toMatchObject({
      sentenceCount: 2,
      imageCount: 1,
      mainAudioCount: 1,
      actualWordCountSpanish: 10,
    });
    expect((await post(ana, 'analyze-content')).json()).toEqual({
      statistics: { processed: 1, analyzed: 0 },
    });
  });

  it('optimize-covers stores a legacy cover as a small WebP and gives a coverless book its first picture', async () => {
    const ana = await registerUser(testApp.app);
    const big = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const legacy = await seedAudiobook(db(), ana.id, {
      title: 'Старая обложка',
      coverImageData: `data:image/png;base64,${big.toString('base64')}`,
    });
    const picture = `/media/${'d'.repeat(64)}.webp`;
    const coverless = await seedAudiobook(db(), ana.id, {
      title: 'Без обложки',
      sentences: [STORY[0]!, { ...STORY[1]!, imageData: picture }],
    });
    const broken = await seedAudiobook(db(), ana.id, {
      title: 'Битая',
      coverImageData: 'data:image/png;base64,AAAA',
    });
    expect((await post(ana, 'optimize-covers')).json()).toEqual({ success: 2, failed: 1 });
    const cover = (await bookRow(legacy)).coverImageData!;
    expect(cover).toMatch(/^\/media\/[0-9a-f]{64}\.webp$/);
    const served = await testApp.app.inject({ method: 'GET', url: cover, headers: { cookie: ana.cookie } });
    expect((await sharp(served.rawPayload).metadata()).width).toBe(768);
    expect((await bookRow(coverless)).coverImageData).toBe(picture);
    expect((await bookRow(broken)).coverImageData).toBe('data:image/png;base64,AAAA');
  });

  it('validate-tag-conflicts removes links the genre list does not name and names listed twice', async () => {
    const ana = await registerUser(testApp.app);
    const horror = await seedGenre(db(), ana.id, 'horror');
    const scifi = await seedGenre(db(), ana.id, 'scifi');
    const book = await seedAudiobook(db(), ana.id, {
      title: 'Конфликт',
      genreNames: ['horror', 'horror'],
      genreIds: [horror, scifi],
    });
    expect((await post(ana, 'validate-tag-conflicts')).json()).toEqual({
      statistics: { conflictsFound: 2, conflictsResolved: 2 },
    });
    expect((await bookRow(book)).genreNames).toEqual(['horror']);
    const links = await db()
      .select()
      .from(audiobookGenreLinks)
      .where(eq(audiobookGenreLinks.audiobookId, book));
    expect(links.map((link) => link.genreId)).toEqual([horror]);
  });
});

describe('validate-logic', () => {
  const waitForJob = (user: TestUser, jobId: string): Promise<Job> =>
    vi.waitUntil(
      async () => {
        const job = jobSchema.parse(
          (
            await testApp.app.inject({
              method: 'GET',
              url: `/api/jobs/${jobId}`,
              headers: { cookie: user.cookie },
            })
          ).json(),
        );
        return job.status === 'pending' || job.status === 'processing' ? null : job;
      },
      { timeout: 30_000, interval: 50 },
    );

  it('is refused without a language model', async () => {
    const ana = await registerUser(testApp.app);
    const answer = await post(ana, 'validate-logic');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'audiobook_language_model_missing' });
  });

  it('applies the model’s corrections, clearing their clips, and counts a book it could not check', async () => {
    const ana = await registerUser(testApp.app);
    await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { openaiApiKey: 'sk-test-valid' },
      headers: { cookie: ana.cookie },
    });
    const clip = `/media/${'e'.repeat(64)}.mp3`;
    await seedAudiobook(db(), ana.id, {
      title: 'Противоречие',
      sentences: [STORY[0]!, { ...STORY[1]!, audioData: clip }],
    });
    await seedAudiobook(db(), ana.id, {
      title: 'Вторая',
      sentences: [STORY[0]!, { ...STORY[1]!, audioData: clip }],
    });
    fake.setChatAnswer(
      {
        errors: [
          {
            orderIndex: 1,
            problem: 'cats were never mentioned',
            spanish: 'El perro comió pescado.',
            russian: 'Собака съела рыбу.',
          },
        ],
      },
      { times: 1 },
    );
    fake.failNext('openai', 'unauthorized', { path: '/chat/completions' });
    const { jobId } = (await post(ana, 'validate-logic')).json<{ jobId: string }>();
    const job = await waitForJob(ana, jobId);
    expect(job.status).toBe('completed');
    expect(job.results).toEqual({ statistics: { errorsFound: 1, errorsFixed: 1 }, failedBooks: 1 });
    // Whichever book the refused call hit, the other holds the model's sentence without its old clip.
    const changed = await db()
      .select()
      .from(audiobookSentences)
      .where(eq(audiobookSentences.spanish, 'El perro comió pescado.'));
    expect(changed).toHaveLength(1);
    expect(changed[0]).toMatchObject({ orderIndex: 1, russian: 'Собака съела рыбу.', audioData: null });
    const untouched = await db()
      .select()
      .from(audiobookSentences)
      .where(eq(audiobookSentences.audioData, clip));
    expect(untouched).toHaveLength(1);
    expect(untouched[0]!.audiobookId).not.toBe(changed[0]!.audiobookId);
  });
});
