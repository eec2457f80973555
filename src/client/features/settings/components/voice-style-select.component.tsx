import { useTranslation } from 'react-i18next';
import { VOICE_STYLES, type VoiceStyle } from '../../../../shared/catalogs/voices';
import { Field } from '../../../ui/field.component';
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
  return (
    <Field
      label={t('settingsProviders.audio.voiceStyle')}
      hint={
        isHeard
          ? t('settingsProviders.audio.voiceStyleDescription')
          : t('settingsProviders.audio.voiceStyleBuiltinOnly')
      }
      hintClassName="text-sm"
    >
      {(control) => (
        <Select
          value={value}
          disabled={!isHeard}
          onValueChange={(picked) => {
            if (isVoiceStyle(picked)) onChange(picked);
          }}
        >
          <SelectTrigger {...control}>
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
      )}
    </Field>
  );
}
