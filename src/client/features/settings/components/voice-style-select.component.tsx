import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { VOICE_STYLES, type VoiceStyle } from '../../../../shared/catalogs/voices';
import { Label } from '../../../ui/label.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';

const isVoiceStyle = (value: string): value is VoiceStyle =>
  (VOICE_STYLES as readonly string[]).includes(value);

/**
 * The voice style (`defaultVoiceStyle`, docs/product/providers.md#voice-style): offered when a voice of the
 * learner's cards can act it out (ElevenLabs, OpenAI); with built-in voices only it is disabled and says why.
 */
export function VoiceStyleSelect({
  value,
  isHeard,
  onChange,
}: {
  value: VoiceStyle;
  isHeard: boolean;
  onChange: (style: VoiceStyle) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = useId();
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{t('settingsProviders.audio.voiceStyle')}</Label>
      <Select
        value={value}
        disabled={!isHeard}
        onValueChange={(picked) => {
          if (isVoiceStyle(picked)) onChange(picked);
        }}
      >
        <SelectTrigger id={id} aria-describedby={hintId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {VOICE_STYLES.map((style) => (
            <SelectItem key={style} value={style}>
              {t(`settingsProviders.audio.voiceStyles.${style}`)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={hintId} className="text-sm text-muted-foreground">
        {isHeard
          ? t('settingsProviders.audio.voiceStyleDescription')
          : t('settingsProviders.audio.voiceStyleBuiltinOnly')}
      </p>
    </div>
  );
}
