import type { TFunction } from 'i18next';
import type { Voice } from '../../shared/api/providers';

// Keys built from the server's labels, so the catalogue's typed keys cannot check them here.
type LooseT = (key: string, options?: object) => string;

/**
 * A voice's name in the interface language (docs/product/errors.md#interface-language): the built-in
 * voices are described by their locale and gender from the catalogue ('Spanish (Spain), male'); a
 * provider's voices keep their own names ('Lucía', 'alloy'). A label this client does not know falls back
 * to the name the server sent.
 */
export function voiceDisplayName(t: TFunction, voice: Pick<Voice, 'name' | 'labels'>): string {
  const { provider, locale, gender } = voice.labels;
  if (provider !== 'builtin' || !locale || !gender) return voice.name;
  const loose = t as unknown as LooseT;
  const language = loose(`voices.locales.${locale}`, { defaultValue: '' });
  const genderText = loose(`voices.genders.${gender}`, { defaultValue: '' });
  if (!language || !genderText) return voice.name;
  return loose('voices.builtinName', { language, gender: genderText });
}
