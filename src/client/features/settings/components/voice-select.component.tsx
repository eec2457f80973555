import { useTranslation } from 'react-i18next';
import { Check } from 'lucide-react';
import { Badge } from '../../../ui/badge.component';
import { Field } from '../../../ui/field.component';
import {
  Select,
  SelectContent,
  SelectGroup,
  SelectItem,
  SelectLabel,
  SelectTrigger,
  SelectValue,
} from '../../../ui/select.component';
import { voiceDisplayName } from '../../../lib/voice-name';
import { NO_VOICE, type VoiceOption, type VoiceProvider } from '../lib/voice-filters';
import { VoicePreviewButton } from './voice-preview-button.component';
import { VoiceProviderIcon } from './voice-provider-icon.component';

const GROUP_ORDER: readonly VoiceProvider[] = ['elevenlabs', 'openai', 'builtin'];

interface VoiceSelectProps {
  label: string;
  options: readonly VoiceOption[];
  /** The saved voice id, or null when the slot is left to the automatic choice. */
  value: string | null;
  /**
   * The voice that speaks for this slot when nothing is saved (docs/product/providers.md#card-voices); null
   * while the voice list loads.
   */
  automaticValue: string | null;
  onChange: (value: string) => void;
  language: 'es' | 'ru';
  /** False while the voice list loads: a saved voice is then unlisted only for now. */
  isListLoaded: boolean;
  isDisabled?: boolean;
}

/**
 * One voice slot: a selector grouped by provider, each group and voice with its provider's icon, with a 'none'
 * choice and a sample button beside it.
 */
export function VoiceSelect({
  label,
  options,
  value,
  automaticValue,
  onChange,
  language,
  isListLoaded,
  isDisabled,
}: VoiceSelectProps) {
  const { t } = useTranslation();
  const groupLabel: Record<VoiceProvider, string> = {
    elevenlabs: t('settingsProviders.audio.groupElevenlabs'),
    openai: t('settingsProviders.audio.groupOpenai'),
    builtin: t('settingsProviders.audio.groupBuiltin'),
  };
  // A saved voice the list no longer offers (or not yet, while loading) still shows as chosen.
  const isUnlisted = value !== null && !options.some((option) => option.voice.voice_id === value);
  const nameOf = (voiceId: string | null) => {
    const listed = options.find((option) => option.voice.voice_id === voiceId)?.voice;
    return listed ? voiceDisplayName(t, listed) : voiceId;
  };
  // The voice that actually speaks: the saved one, else the automatic one, shown and sampled as chosen.
  const speakingVoice = value ?? automaticValue;
  const automaticName = nameOf(automaticValue);
  const automaticProvider = options.find((option) => option.voice.voice_id === automaticValue)?.provider;

  return (
    <Field label={label}>
      {(control) => (
        <div className="flex items-center gap-2">
          <Select value={value ?? NO_VOICE} onValueChange={onChange} disabled={isDisabled}>
            <SelectTrigger {...control} className="min-w-0 flex-1">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={NO_VOICE}>
                {automaticName ? (
                  <span className="inline-flex items-center gap-2">
                    {automaticProvider ? <VoiceProviderIcon provider={automaticProvider} /> : null}
                    {t('settingsProviders.audio.automaticVoice', { voice: automaticName })}
                  </span>
                ) : (
                  t('settingsProviders.common.none')
                )}
              </SelectItem>
              {isUnlisted ? (
                <SelectItem value={value}>
                  {isListLoaded ? t('settingsProviders.audio.unknownVoice', { id: value }) : value}
                </SelectItem>
              ) : null}
              {GROUP_ORDER.map((provider) => {
                const group = options.filter((option) => option.provider === provider);
                if (group.length === 0) return null;
                return (
                  <SelectGroup key={provider}>
                    <SelectLabel className="flex items-center gap-2">
                      <VoiceProviderIcon provider={provider} />
                      {groupLabel[provider]}
                    </SelectLabel>
                    {group.map((option) => (
                      <SelectItem key={option.voice.voice_id} value={option.voice.voice_id}>
                        <VoiceOptionText option={option} />
                      </SelectItem>
                    ))}
                  </SelectGroup>
                );
              })}
            </SelectContent>
          </Select>
          <VoicePreviewButton
            voiceId={speakingVoice}
            voiceName={nameOf(speakingVoice) ?? ''}
            language={language}
            isDisabled={isDisabled}
          />
        </div>
      )}
    </Field>
  );
}

function VoiceOptionText({ option }: { option: VoiceOption }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-2">
      <VoiceProviderIcon provider={option.provider} />
      {voiceDisplayName(t, option.voice)}
      {option.isRecommended ? (
        <span className="inline-flex items-center gap-0.5 text-xs text-muted-foreground">
          <Check className="size-3.5 text-green-700 dark:text-green-400" aria-hidden />
          {t('settingsProviders.common.recommended')}
        </span>
      ) : null}
      {option.isOffline ? <Badge variant="outline">{t('settingsProviders.common.offline')}</Badge> : null}
    </span>
  );
}
