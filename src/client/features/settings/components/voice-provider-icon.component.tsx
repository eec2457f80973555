import { AudioLines, Cpu, Sparkles } from 'lucide-react';
import { cn } from '../../../lib/cn';
import type { VoiceProvider } from '../lib/voice-filters';

const ICONS = { elevenlabs: AudioLines, openai: Sparkles, builtin: Cpu } as const;
const COLOURS: Record<VoiceProvider, string> = {
  elevenlabs: 'bg-zinc-900 text-white dark:bg-zinc-100 dark:text-zinc-900',
  openai: 'bg-emerald-700 text-white',
  builtin: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
};

/**
 * The mark of a voice's provider (docs/product/settings.md#voice-filters), beside its group's name and each
 * of its voices. Decorative: the group's label names the provider in words.
 */
export function VoiceProviderIcon({ provider, className }: { provider: VoiceProvider; className?: string }) {
  const Icon = ICONS[provider];
  return (
    <span
      aria-hidden
      data-voice-provider={provider}
      className={cn(
        'inline-flex size-5 shrink-0 items-center justify-center rounded-md',
        COLOURS[provider],
        className,
      )}
    >
      <Icon className="size-3.5" />
    </span>
  );
}
