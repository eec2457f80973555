import type { ProviderFactory, ProviderSet } from '../../providers/provider-set';
import type { SettingsService } from '../settings/settings.service';

/** The provider set a learner's own settings choose: their keys, their endpoint, their model. */
export function createUserProviders(deps: {
  settingsService: SettingsService;
  providerFactory: ProviderFactory;
}) {
  return {
    async forUser(userId: string): Promise<ProviderSet> {
      return deps.providerFactory.forCredentials(await deps.settingsService.readProviderCredentials(userId));
    },
  };
}
export type UserProviders = ReturnType<typeof createUserProviders>;
