import type { Settings } from '../../../../shared/api/settings';
import { ApiContentOptions } from './api-content-options.component';
import { ApiMaintenanceSection } from './api-maintenance-section.component';
import { ApiElevenlabsCard, ApiLeonardoCard, ApiOpenaiCard } from './api-provider-keys.component';
import { TranslationFixSection } from './translation-fix-section.component';

/**
 * Settings → API (docs/product/settings.md#api-tab): provider keys (language model, speech, pictures), what
 * the language model writes, translation fixing and maintenance actions.
 */
export function ApiTab({ settings }: { settings: Settings }) {
  return (
    <div className="flex flex-col gap-6">
      <ApiOpenaiCard settings={settings} />
      <ApiContentOptions settings={settings} />
      <ApiElevenlabsCard settings={settings} />
      <ApiLeonardoCard settings={settings} />
      <TranslationFixSection />
      <ApiMaintenanceSection />
    </div>
  );
}
