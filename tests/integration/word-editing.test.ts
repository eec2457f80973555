import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wordListItemSchema } from '../../src/shared/api/words';
import { duplicateKeyOf } from '../../src/shared/text/duplicate-key';
import { themes, words, wordThemes } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { exactWordListSchema } from '../support/exact-word-list';
import { waitForUploadJob } from '../support/upload-jobs';
import { seedWords } from '../support/word-seeds';

/**
 * Editing a word from the card (docs/product/dictionary.md#word-editing), the search that ignores case and
 * accents (docs/product/dictionary.md#search), and the duplicate report's link to the existing word
 * (docs/product/upload.md#new-translation), through the routes on the embedded database.
 */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp({ runsJobs: true });
});
afterAll(() => testApp.close());

const CLIP = (letter: string) => `/media/${letter.repeat(64)}.mp3`;

const request = (user: TestUser, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

/** A word as the upload leaves it: with its clips, highlighted forms and theme. */
async function seedCasa(user: TestUser): Promise<number> {
  const [id] = await seedWords(testApp.database.db, user.id, [
    {
      spanish: 'la casa',
      duplicateKey: duplicateKeyOf('la casa'),
      russian: 'дом',
      example: 'Mi **casa** es grande.',
      exampleTranslation: 'Мой **дом** большой.',
      highlightedSpanishWord: 'casa',
      highlightedRussianWord: 'дом',
      partOfSpeech: 'noun',
      cefrLevel: 'A1',
      themeCategory: 'дом',
      audioData: CLIP('a'),
      russianAudioData: CLIP('b'),
      secondVoiceAudioData: CLIP('c'),
    },
  ]);
  return id!;
}

describe('PUT /api/words/:id: editing a word', () => {
  it('changes the texts and tags, relinks the theme, clears the clips whose text changed and refreshes the highlighted forms', async () => {
    const ana = await registerUser(testApp.app);
    const id = await seedCasa(ana);
    const answer = await request(ana, 'PUT', `/api/words/${id}`, {
      spanish: 'la vivienda',
      example: 'La **vivienda** es nueva.',
      partOfSpeech: 'noun',
      cefrLevel: 'B1',
      themeCategory: '  Жильё ',
    });
    expect(answer.statusCode).toBe(200);
    const word = wordListItemSchema.parse(answer.json());
    expect(word).toMatchObject({
      spanish: 'la vivienda',
      russian: 'дом',
      example: 'La **vivienda** es nueva.',
      highlightedSpanishWord: 'vivienda',
      highlightedRussianWord: 'дом',
      cefrLevel: 'B1',
      themeCategory: 'жильё',
      // The Spanish voices read the example, which changed; the Russian one reads its translation, which did not.
      audioData: null,
      secondVoiceAudioData: null,
      russianAudioData: CLIP('b'),
    });
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, id));
    expect(row?.duplicateKey).toBe('vivienda');
    const links = await testApp.database.db
      .select({ name: themes.name })
      .from(wordThemes)
      .innerJoin(themes, eq(themes.id, wordThemes.themeId))
      .where(eq(wordThemes.wordId, id));
    expect(links).toEqual([{ name: 'жильё' }]);
    const themed = exactWordListSchema.parse(
      (await request(ana, 'GET', `/api/words?theme=${encodeURIComponent('жильё')}`)).json(),
    );
    expect(themed.map((listed) => listed.id)).toEqual([id]);

    // The translation of the example: the Russian clip goes, the Spanish ones (made meanwhile) stay.
    await testApp.database.db
      .update(words)
      .set({ audioData: CLIP('d') })
      .where(eq(words.id, id));
    const translated = wordListItemSchema.parse(
      (
        await request(ana, 'PUT', `/api/words/${id}`, {
          russian: 'жилище',
          exampleTranslation: 'Это **жилище** новое.',
          themeCategory: '',
          cefrLevel: null,
        })
      ).json(),
    );
    expect(translated).toMatchObject({
      russian: 'жилище',
      highlightedRussianWord: 'жилище',
      russianAudioData: null,
      audioData: CLIP('d'),
      themeCategory: null,
      cefrLevel: null,
    });
    expect(await testApp.database.db.select().from(wordThemes).where(eq(wordThemes.wordId, id))).toEqual([]);
  });

  it('clears the Spanish clips of a word without an example when its Spanish changes; the highlight falls back to the word', async () => {
    const ana = await registerUser(testApp.app);
    const [id] = await seedWords(testApp.database.db, ana.id, [
      {
        spanish: 'el perrro',
        russian: 'собака',
        highlightedSpanishWord: 'perrro',
        audioData: CLIP('a'),
        russianAudioData: CLIP('b'),
        secondVoiceAudioData: CLIP('c'),
      },
    ]);
    const word = wordListItemSchema.parse(
      (await request(ana, 'PUT', `/api/words/${id}`, { spanish: 'el perro' })).json(),
    );
    expect(word).toMatchObject({
      spanish: 'el perro',
      highlightedSpanishWord: null,
      audioData: null,
      secondVoiceAudioData: null,
      russianAudioData: CLIP('b'),
    });
  });

  it('answers a coded 409 when the new Spanish is another word of the learner (D8), and changes nothing', async () => {
    const ana = await registerUser(testApp.app);
    await seedCasa(ana);
    const [perro] = await seedWords(testApp.database.db, ana.id, [
      { spanish: 'el perro', duplicateKey: duplicateKeyOf('el perro'), audioData: CLIP('e') },
    ]);
    const clash = await request(ana, 'PUT', `/api/words/${perro}`, { spanish: 'Casa.' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ code: 'duplicate_word' });
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, perro!));
    expect(row).toMatchObject({ spanish: 'el perro', audioData: CLIP('e') });
    // Another learner's 'casa' is no clash.
    const ben = await registerUser(testApp.app);
    const [bensPerro] = await seedWords(testApp.database.db, ben.id, [{ spanish: 'el perro' }]);
    expect((await request(ben, 'PUT', `/api/words/${bensPerro}`, { spanish: 'la casa' })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another learner's word and leaves it alone", async () => {
    const ana = await registerUser(testApp.app);
    const ben = await registerUser(testApp.app);
    const id = await seedCasa(ana);
    const answer = await request(ben, 'PUT', `/api/words/${id}`, {
      russian: 'чужое',
      themeCategory: 'чужое',
    });
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toMatchObject({ code: 'word_not_found' });
    const [row] = await testApp.database.db.select().from(words).where(eq(words.id, id));
    expect(row).toMatchObject({ russian: 'дом', themeCategory: 'дом' });
  });

  it('refuses values outside the catalogues and the field rules, naming the field', async () => {
    const ana = await registerUser(testApp.app);
    const id = await seedCasa(ana);
    for (const [update, field] of [
      [{ partOfSpeech: 'sustantivo' }, 'partOfSpeech'],
      [{ cefrLevel: 'D1' }, 'cefrLevel'],
      [{ spanish: '   ' }, 'spanish'],
      [{ themeCategory: 'x'.repeat(101) }, 'themeCategory'],
      [{ example: 'a\u0000b' }, 'example'],
    ] as const) {
      const answer = await request(ana, 'PUT', `/api/words/${id}`, update);
      expect(answer.statusCode, JSON.stringify(update)).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'validation_failed', params: { field } });
    }
  });

  it('still takes the spec’s {isActive} and {imageUrl}', async () => {
    const ana = await registerUser(testApp.app);
    const id = await seedCasa(ana);
    const hidden = await request(ana, 'PUT', `/api/words/${id}`, { isActive: false });
    expect(wordListItemSchema.parse(hidden.json())).toMatchObject({ isActive: false, audioData: CLIP('a') });
    const pictured = await request(ana, 'PUT', `/api/words/${id}`, {
      imageUrl: '/media/' + 'f'.repeat(64) + '.webp',
    });
    expect(wordListItemSchema.parse(pictured.json()).imageUrl).toBe('/media/' + 'f'.repeat(64) + '.webp');
  });
});

describe('GET /api/words?search= ignores case and accents on both sides', () => {
  it('finds árbol, niño and ёж whichever way they are typed', async () => {
    const ana = await registerUser(testApp.app);
    await seedWords(testApp.database.db, ana.id, [
      { spanish: 'el árbol', russian: 'дерево' },
      { spanish: 'el niño', russian: 'ребёнок' },
      { spanish: 'el erizo', russian: 'ёж' },
      { spanish: 'el té', russian: 'чай' },
      { spanish: 'CAFÉ', russian: 'Кофе' },
    ]);
    const search = async (query: string) =>
      exactWordListSchema
        .parse((await request(ana, 'GET', `/api/words?search=${encodeURIComponent(query)}`)).json())
        .map((word) => word.spanish)
        .sort();
    expect(await search('arbol')).toEqual(['el árbol']);
    expect(await search('ÁRBOL')).toEqual(['el árbol']);
    expect(await search('nino')).toEqual(['el niño']);
    expect(await search('ребенок')).toEqual(['el niño']);
    expect(await search('еж')).toEqual(['el erizo']);
    expect(await search('ЁЖ')).toEqual(['el erizo']);
    expect(await search('café')).toEqual(['CAFÉ']);
    expect(await search('КОФЕ')).toEqual(['CAFÉ']);
    // A decomposed accent (n + combining tilde) is the same letter.
    expect(await search('nin\u0303o')).toEqual(['el niño']);
    expect(await search('te')).toEqual(['el té']);
    // The fold keeps the letters it does not list: й is not и.
    expect(await search('чаи')).toEqual([]);
    expect(await search('papá')).toEqual([]);
  });
});

describe('the upload report names the existing word of each duplicate', () => {
  it("carries the existing word's id and both translations, and a new translation merges in", async () => {
    const ana = await registerUser(testApp.app);
    const casa = await seedCasa(ana);
    const started = await request(ana, 'POST', '/api/words/process-batch', {
      text: 'la casa / дом, жилище\nel sol / солнце\nsol / светило',
      generateImages: false,
    });
    expect(started.statusCode).toBe(200);
    const { jobId } = started.json<{ jobId: string }>();
    const job = await waitForUploadJob(testApp.app, ana, jobId);
    expect(job.status).toBe('completed');
    expect(job.results?.duplicates).toEqual([
      {
        spanish: 'la casa',
        newRussian: 'дом, жилище',
        existingRussian: 'дом',
        existingWordId: casa,
        isActive: true,
        reason: { code: 'upload_word_exists' },
      },
      {
        spanish: 'sol',
        newRussian: 'светило',
        existingRussian: 'солнце',
        existingWordId: null,
        isActive: true,
        reason: { code: 'upload_word_repeated' },
      },
    ]);
    // What the report's 'add the translation' sends.
    const merged = await request(ana, 'PUT', `/api/words/${casa}`, { russian: 'дом, жилище' });
    expect(wordListItemSchema.parse(merged.json()).russian).toBe('дом, жилище');
  });
});
