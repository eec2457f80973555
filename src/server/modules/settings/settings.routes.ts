import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { settingsPaths, settingsSchema, settingsUpdateSchema } from '../../../shared/api/settings';
import { type SessionResolver, userIdOf } from '../../auth/session-cookie';
import type { SettingsService } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{
  settingsService: SettingsService;
  sessionResolver: SessionResolver;
}> = async (app, { settingsService, sessionResolver }) => {
  app.addHook('preValidation', sessionResolver.requireUser);

  app.get(settingsPaths.settings, { schema: { response: { 200: settingsSchema } } }, (request) =>
    settingsService.get(userIdOf(request)),
  );

  app.put(
    settingsPaths.settings,
    { schema: { body: settingsUpdateSchema, response: { 200: settingsSchema } } },
    (request) => settingsService.update(userIdOf(request), request.body),
  );
};
