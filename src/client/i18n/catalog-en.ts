import audioTestEn from './audio-test.en.json';
import audiobookCreationEn from './audiobook-creation.en.json';
import audiobookPlayerEn from './audiobook-player.en.json';
import audiobooksEn from './audiobooks.en.json';
import dashboardEn from './dashboard.en.json';
import dictionaryEn from './dictionary.en.json';
import en from './en.json';
import reviewEn from './review.en.json';
import errorsEn from './errors.en.json';
import learnEn from './learn.en.json';
import settingsDisplayEn from './settings-display.en.json';
import settingsProvidersEn from './settings-providers.en.json';
import uploadEn from './upload.en.json';

/**
 * The English catalogue, loaded only when English is the interface language (docs/product/settings.md#interface-language);
 * it has exactly the Russian catalogue's keys (unit test).
 */
export const enCatalog = {
  ...en,
  audioTest: audioTestEn,
  audiobookCreation: audiobookCreationEn,
  audiobookPlayer: audiobookPlayerEn,
  audiobooks: audiobooksEn,
  dashboard: dashboardEn,
  dictionary: dictionaryEn,
  errors: errorsEn,
  learn: learnEn,
  review: reviewEn,
  settingsDisplay: settingsDisplayEn,
  settingsProviders: settingsProvidersEn,
  upload: uploadEn,
};
