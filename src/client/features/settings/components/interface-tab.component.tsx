import type { Settings, SettingsUpdate } from '../../../../shared/api/settings';
import { useUpdateSettings } from '../../../lib/api/update-settings.api';
import { InterfaceAppearance } from './interface-appearance.component';
import { InterfaceBilingual } from './interface-bilingual.component';
import { InterfaceDisplay } from './interface-display.component';
import { InterfaceGoals } from './interface-goals.component';
import { InterfaceReview } from './interface-review.component';
import { InterfaceThresholds } from './interface-thresholds.component';

/**
 * The Interface tab (docs/product/settings.md#interface-tab): every control saves itself at once with a
 * partial update.
 */
export function InterfaceTab({ settings }: { settings: Settings }) {
  const { mutate } = useUpdateSettings();
  const save = (update: SettingsUpdate) => mutate(update);
  return (
    <div className="flex flex-col gap-6">
      <InterfaceAppearance settings={settings} save={save} />
      <InterfaceDisplay settings={settings} save={save} />
      <InterfaceBilingual settings={settings} save={save} />
      <InterfaceThresholds settings={settings} save={save} />
      <InterfaceGoals settings={settings} save={save} />
      <InterfaceReview settings={settings} save={save} />
    </div>
  );
}
