import type { Settings } from '../../../../shared/api/settings';
import { AudioDiagnosticsDialog } from './audio-diagnostics-dialog.component';
import { AudioPlaybackOptions } from './audio-playback-options.component';
import { AudioVoicesCard } from './audio-voices-card.component';

/**
 * Settings → Audio (docs/product/settings.md#audio-tab): voices, intonation, autoplay, play-all loops and
 * diagnostics.
 */
export function AudioTab({ settings }: { settings: Settings }) {
  return (
    <div className="flex flex-col gap-6">
      <AudioVoicesCard settings={settings} />
      <AudioPlaybackOptions settings={settings} />
      <div>
        <AudioDiagnosticsDialog settings={settings} />
      </div>
    </div>
  );
}
