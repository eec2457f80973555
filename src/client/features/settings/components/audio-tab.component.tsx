import type { Settings } from '../../../../shared/api/settings';
import { TooltipProvider } from '../../../ui/tooltip.component';
import { AudioDiagnosticsDialog } from './audio-diagnostics-dialog.component';
import { AudioPlaybackOptions } from './audio-playback-options.component';
import { AudioVoicesCard } from './audio-voices-card.component';

/**
 * Settings → Audio (docs/product/settings.md#audio-tab): voices, intonation, autoplay, play-all loops and
 * diagnostics.
 */
export function AudioTab({ settings }: { settings: Settings }) {
  return (
    // The one tab with tooltips (the voice samples): their provider lives here, not in the shell.
    <TooltipProvider>
      <div className="flex flex-col gap-6">
        <AudioVoicesCard settings={settings} />
        <AudioPlaybackOptions settings={settings} />
        <div>
          <AudioDiagnosticsDialog settings={settings} />
        </div>
      </div>
    </TooltipProvider>
  );
}
