import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { voicesResponseSchema } from '../../src/shared/api/providers';
import { effectiveCardVoices } from '../../src/shared/catalogs/card-voices';
import { audioFiles } from '../../src/server/db/schema';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';
import { createFastBuiltinSpeech } from '../support/fast-builtin-speech';
import { type FakeProviders, startFakeProviders } from '../support/fake-providers/fake-provider-server';
import { seedWords } from '../support/word-seeds';

/**
 * docs/product/providers.md#card-voices: the voices Settings › Audio shows as chosen (the shared rule over
 * `GET /api/elevenlabs/voices` and the saved choice) are the voices Learn's clips are made in
 * (`GET /api/words/:id/audio`), with and without a speech key, with nothing chosen or with one voice chosen.
 */

let fake: FakeProviders;
let testApp: TestApp;

beforeAll(async () => {
  fake = await startFakeProviders();
  testApp = await buildTestApp({
    providerBaseUrls: fake.providerBaseUrls,
    builtinSpeech: createFastBuiltinSpeech(),
  });
});
afterAll(async () => {
  await testApp.close();
  await fake.close();
});
beforeEach(() => fake.reset());

const send = (user: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  testApp.app.inject({ method, url, payload, headers: { cookie: user.cookie } });

/** What the Audio tab shows as the three chosen voices. */
async function shownInSettings(user: TestUser) {
  const voices = voicesResponseSchema.parse((await send(user, 'GET', '/api/elevenlabs/voices')).json());
  const settings = (await send(user, 'GET', '/api/settings')).json<{
    spanishVoices: string[];
    russianVoice: string | null;
  }>();
  return effectiveCardVoices(
    voices.map((voice) => ({ voiceId: voice.voice_id, languages: voice.languages ?? [] })),
    settings.spanishVoices,
    settings.russianVoice,
  );
}

/** The voices Learn's clips of a new word were made in, by slot. */
async function playedByLearn(user: TestUser) {
  const [wordId] = await seedWords(testApp.database.db, user.id, [
    { spanish: 'el perro', russian: 'собака' },
  ]);
  expect((await send(user, 'GET', `/api/words/${wordId}/audio`)).statusCode).toBe(200);
  const rows = await testApp.database.db.select().from(audioFiles).where(eq(audioFiles.userId, user.id));
  const voiceOf = (text: string, language: string) =>
    rows.filter((row) => row.text === text && row.language.startsWith(language)).map((row) => row.voiceId);
  const spanish = voiceOf('el perro', 'es');
  return { spanish: new Set(spanish), russian: voiceOf('собака', 'ru') };
}

describe('the card voices Settings shows are the ones Learn plays', () => {
  it('without a speech key and nothing chosen: two different offline Spanish voices and an offline Russian one', async () => {
    const learner = await registerUser(testApp.app);
    const shown = await shownInSettings(learner);
    expect(shown).toEqual({
      firstSpanish: 'builtin:es-ES-m3',
      secondSpanish: 'builtin:es-419-f1',
      russian: 'builtin:ru-RU-f3',
    });
    const played = await playedByLearn(learner);
    expect(played.spanish).toEqual(new Set([shown.firstSpanish, shown.secondSpanish]));
    expect(played.russian).toEqual([shown.russian]);
  });

  it('with one Spanish voice chosen, the second is the first other voice of the list', async () => {
    const learner = await registerUser(testApp.app);
    expect(
      (await send(learner, 'PUT', '/api/settings', { spanishVoices: ['builtin:es-419-m1'] })).statusCode,
    ).toBe(200);
    const shown = await shownInSettings(learner);
    expect(shown.firstSpanish).toBe('builtin:es-419-m1');
    expect(shown.secondSpanish).toBe('builtin:es-ES-m3');
    const played = await playedByLearn(learner);
    expect(played.spanish).toEqual(new Set([shown.firstSpanish, shown.secondSpanish]));
  });

  it('with an ElevenLabs key and nothing chosen: its voices first', async () => {
    const learner = await registerUser(testApp.app);
    expect(
      (await send(learner, 'POST', '/api/validate-elevenlabs-key', { apiKey: 'el-test-valid' })).json(),
    ).toEqual({ valid: true });
    const shown = await shownInSettings(learner);
    const voices = voicesResponseSchema.parse((await send(learner, 'GET', '/api/elevenlabs/voices')).json());
    const providerOf = (id: string) => voices.find((voice) => voice.voice_id === id)?.labels.provider;
    expect([shown.firstSpanish, shown.secondSpanish, shown.russian].map(providerOf)).toEqual([
      'elevenlabs',
      'elevenlabs',
      'elevenlabs',
    ]);
    const played = await playedByLearn(learner);
    expect(played.spanish).toEqual(new Set([shown.firstSpanish, shown.secondSpanish]));
    expect(played.russian).toEqual([shown.russian]);
  });
});
