import { useTranslation } from 'react-i18next';
import { enCatalog } from '../../i18n/catalogs';

type KnownPartOfSpeech = keyof typeof enCatalog.dictionary.partsOfSpeech;
const KNOWN: readonly string[] = Object.keys(enCatalog.dictionary.partsOfSpeech);
const isKnown = (value: string): value is KnownPartOfSpeech => KNOWN.includes(value);

/**
 * The server stores parts of speech as English keys ('noun'); every screen that shows one (the dictionary,
 * the upload's results) reads it from the one catalogue, in the interface language.
 */
export function usePartOfSpeechLabel() {
  const { t } = useTranslation();
  return (value: string) => (isKnown(value) ? t(`dictionary.partsOfSpeech.${value}`) : value);
}
