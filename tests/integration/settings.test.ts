import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settingsDefaults, settingsSchema } from '../../src/shared/api/settings';
import { userSettings } from '../../src/server/db/schema';
import { createSecretBox } from '../../src/server/lib/secret-box';
import { buildTestApp, registerUser, type TestApp, type TestUser } from '../support/build-test-app';

let testApp: TestApp;
beforeAll(async () => {
  testApp = await buildTestApp();
});
afterAll(() => testApp.close());

const getSettings = (user: TestUser) =>
  testApp.app.inject({ url: '/api/settings', headers: { cookie: user.cookie } });
const putSettings = (user: TestUser, payload: unknown) =>
  testApp.app.inject({
    method: 'PUT',
    url: '/api/settings',
    headers: { cookie: user.cookie },
    payload: payload as Record<string, unknown>,
  });

describe('GET /api/settings', () => {
  it('answers 401 signed out', async () => {
    const response = await testApp.app.inject({ url: '/api/settings' });
    expect(response.statusCode).toBe(401);
  });

  it('creates the settings with every default of the spec on first read', async () => {
    const learner = await registerUser(testApp.app);
    const response = await getSettings(learner);
    expect(response.statusCode).toBe(200);
    const settings = settingsSchema.parse(response.json());
    expect(settings).toEqual({
      ...settingsDefaults,
      hasOpenaiApiKey: false,
      hasElevenlabsApiKey: false,
      hasLeonardoApiKey: false,
      openaiApiKeyHint: null,
      elevenlabsApiKeyHint: null,
      leonardoApiKeyHint: null,
      unreadableApiKeys: [],
    });
    // Spot-check the spec's values themselves, so a wrong default cannot hide in both places.
    expect(settings).toMatchObject({
      openaiModel: 'gpt-4o',
      defaultImageStyle: 'sketch',
      defaultAudiobookImageStyle: 'realistic',
      theme: 'dark',
      // Two defaults depart from the spec's (auto, 3): docs/product/decisions.md#settings-stored-and-read.
      themeMode: 'manual',
      playAllDelay: 0,
      colorScheme: 'navy',
      fontColorScheme: 'orange',
      fontSize: '100',
      overlayOpacity: 50,
      vocabularyLevel: 500,
      volume: 80,
      loopPlayAll: 1,
      dailyWordGoal: 10,
      speechSpeed: 1,
      intonationStyle: 'excited-female',
      spacedRepetitionIntervals: [1, 3, 7, 14, 30],
      listenThresholdWarning: 20,
      listenThresholdSafe: 40,
      listenThresholdAuto: 60,
      automaticBilingual: 'disabled',
      interfaceLanguage: 'ru',
      weeklyProgressReminders: false,
    });
  });
});

describe('PUT /api/settings', () => {
  it('changes only the fields sent', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const response = await putSettings(ana, { colorScheme: 'ocean', showTags: false, loopPlayAll: 5 });
    expect(response.statusCode).toBe(200);
    const settings = (await getSettings(ana)).json();
    expect(settings).toMatchObject({
      colorScheme: 'ocean',
      showTags: false,
      loopPlayAll: 5,
      fontColorScheme: 'orange',
    });
  });

  it('keeps a chosen speech speed and never invents another', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    await putSettings(ana, { speechSpeed: 0.8 });
    await putSettings(ana, { theme: 'light' });
    expect((await getSettings(ana)).json().speechSpeed).toBe(0.8);
  });

  it('repairs a stored speech speed outside the offered list to 1.0', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    await testApp.database.db
      .update(userSettings)
      .set({ speechSpeed: 3 as 1 })
      .where(eq(userSettings.userId, ana.id));
    const response = await putSettings(ana, { volume: 70 });
    expect(response.json().speechSpeed).toBe(1);
  });

  it.each([
    [{ favouriteColour: 'red' }, 'favouriteColour'],
    [{ volume: 'loud' }, 'volume'],
    [{ colorScheme: 'tartan' }, 'colorScheme'],
    [{ speechSpeed: 1.5 }, 'speechSpeed'],
    [{ loopPlayAll: 3 }, 'loopPlayAll'],
    [{ hasOpenaiApiKey: true }, 'hasOpenaiApiKey'],
    [{ userId: 'someone-else' }, 'userId'],
  ])('rejects %j with 400 naming %s', async (payload, field) => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const response = await putSettings(ana, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('keeps provider keys encrypted and never sends them back', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const key = 'sk-proj-abcdefghijklmnop9fA2';
    const response = await putSettings(ana, { openaiApiKey: key, elevenlabsApiKey: 'el-secret-7777' });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain(key);
    expect(response.json()).toMatchObject({
      hasOpenaiApiKey: true,
      openaiApiKeyHint: 'sk-…9fA2',
      hasElevenlabsApiKey: true,
      hasLeonardoApiKey: false,
    });
    expect(response.json()).not.toHaveProperty('openaiApiKey');
    const [row] = await testApp.database.db
      .select()
      .from(userSettings)
      .where(eq(userSettings.userId, ana.id));
    expect(row?.openaiApiKeyEncrypted).toBeTruthy();
    expect(row?.openaiApiKeyEncrypted).not.toContain(key);
    expect((await getSettings(ana)).body).not.toContain(key);

    const cleared = await putSettings(ana, { openaiApiKey: '' });
    expect(cleared.json()).toMatchObject({
      hasOpenaiApiKey: false,
      openaiApiKeyHint: null,
      hasElevenlabsApiKey: true,
    });
  });

  it('answers 401 signed out', async () => {
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      payload: { theme: 'light' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('one learner cannot touch another learner’s settings', () => {
  it('keeps each learner’s changes to themselves', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const boris = await registerUser(testApp.app, { firstName: 'Boris' });
    await putSettings(ana, { colorScheme: 'ocean' });
    await putSettings(boris, { colorScheme: 'lavender', dailyWordGoal: 25, leonardoApiKey: 'leo-key-0001' });
    const anaSettings = (await getSettings(ana)).json();
    expect(anaSettings.colorScheme).toBe('ocean');
    expect(anaSettings.dailyWordGoal).toBe(10);
    expect(anaSettings.hasLeonardoApiKey).toBe(false);
    const borisSettings = (await getSettings(boris)).json();
    expect(borisSettings).toMatchObject({
      colorScheme: 'lavender',
      dailyWordGoal: 25,
      hasLeonardoApiKey: true,
    });
  });
});

describe('bad bodies', () => {
  it('answers malformed JSON with 400 and a message', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: ana.cookie, 'content-type': 'application/json' },
      payload: '{"theme": "light",',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/json/i);
  });

  it('answers an oversize body with 413 and a message', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const response = await testApp.app.inject({
      method: 'PUT',
      url: '/api/settings',
      headers: { cookie: ana.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ audiobookRequirements: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('Request body is too large');
  });

  it('answers an unknown API path with a JSON 404', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    const response = await testApp.app.inject({ url: '/api/nothing-here', headers: { cookie: ana.cookie } });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Not found');
  });
});

describe('a key sealed under another APP_SECRET', () => {
  it('shows as present but unreadable, asking for the key again, and is never used', async () => {
    const ana = await registerUser(testApp.app, { firstName: 'Ana' });
    await putSettings(ana, { elevenlabsApiKey: 'el-readable-key-1234' });
    // Another instance with its own secret saved this key into the shared database.
    const otherInstance = createSecretBox('another-instance-secret-that-is-long-enough-0123');
    await testApp.database.db
      .update(userSettings)
      .set({ openaiApiKeyEncrypted: otherInstance.seal('sk-sealed-elsewhere-9fA2') })
      .where(eq(userSettings.userId, ana.id));

    const settings = settingsSchema.parse((await getSettings(ana)).json());
    expect(settings).toMatchObject({
      hasOpenaiApiKey: true,
      openaiApiKeyHint: '…',
      hasElevenlabsApiKey: true,
      elevenlabsApiKeyHint: 'el-…1234',
      unreadableApiKeys: ['openaiApiKey'],
    });

    // Entering the key again makes it readable.
    await putSettings(ana, { openaiApiKey: 'sk-entered-again-7777' });
    expect(settingsSchema.parse((await getSettings(ana)).json())).toMatchObject({
      openaiApiKeyHint: 'sk-…7777',
      unreadableApiKeys: [],
    });
  });
});
