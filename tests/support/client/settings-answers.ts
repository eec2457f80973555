import {
  type Settings,
  settingsPaths,
  settingsSchema,
  settingsUpdateSchema,
  type SettingsUpdate,
} from '../../../src/shared/api/settings';
import { authPaths } from '../../../src/shared/api/auth-paths';
import type { FakeApi } from './fake-api';
import { learnerSettings } from './render-client';

/**
 * The learner's settings as the server keeps them: `GET /api/settings` answers what is stored, and each
 * `PUT` (checked against the shared update schema) is stored and answered as the server does, with the whole
 * settings. A page rendered again after `cleanup()` is then a reload that reads what was saved.
 */
export interface SettingsServer {
  /** Every body the client saved, in order. */
  readonly saves: SettingsUpdate[];
  /** The settings stored now. */
  current(): Settings;
}

/** A signed-in learner (the sign-in check answered) whose settings the fake server keeps. */
export function answerSettings(api: FakeApi, settings: Partial<Settings> = {}): SettingsServer {
  let stored: Settings = learnerSettings(settings);
  const saves: SettingsUpdate[] = [];
  api.on('GET', authPaths.status, () => ({ body: { isAuthenticated: true } }));
  api.on('GET', settingsPaths.settings, () => ({ body: stored }));
  api.on('PUT', settingsPaths.settings, (request) => {
    const update = settingsUpdateSchema.parse(request.body);
    saves.push(update);
    const { openaiApiKey: _o, elevenlabsApiKey: _e, leonardoApiKey: _l, ...values } = update;
    stored = settingsSchema.parse({ ...stored, ...values });
    return { body: stored };
  });
  return { saves, current: () => stored };
}
