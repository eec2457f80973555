import { useTranslation } from 'react-i18next';
import { PARTS_OF_SPEECH, type PartOfSpeech } from '../../../shared/catalogs/word-tags';

const isKnown = (value: string): value is PartOfSpeech =>
  (PARTS_OF_SPEECH as readonly string[]).includes(value);

/**
 * The server stores parts of speech as English keys ('noun'); every screen that shows one (the dictionary,
 * the upload's results) reads it from the one catalogue, in the interface language; the type check holds a
 * label in the catalogue for each of the shared list. Both screens load the `dictionary` area for it.
 */
export function usePartOfSpeechLabel() {
  const { t } = useTranslation();
  return (value: string) => (isKnown(value) ? t(`dictionary.partsOfSpeech.${value}`) : value);
}
