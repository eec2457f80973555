import audioTestEn from './audio-test.en.json';
import audioTestRu from './audio-test.ru.json';
import audiobookCreationEn from './audiobook-creation.en.json';
import audiobookPlayerEn from './audiobook-player.en.json';
import audiobookPlayerRu from './audiobook-player.ru.json';
import audiobookCreationRu from './audiobook-creation.ru.json';
import audiobooksEn from './audiobooks.en.json';
import audiobooksRu from './audiobooks.ru.json';
import dictionaryEn from './dictionary.en.json';
import dictionaryRu from './dictionary.ru.json';
import en from './en.json';
import errorsEn from './errors.en.json';
import errorsRu from './errors.ru.json';
import learnEn from './learn.en.json';
import learnRu from './learn.ru.json';
import ru from './ru.json';
import settingsDisplayEn from './settings-display.en.json';
import settingsDisplayRu from './settings-display.ru.json';
import settingsProvidersEn from './settings-providers.en.json';
import settingsProvidersRu from './settings-providers.ru.json';
import uploadEn from './upload.en.json';
import uploadRu from './upload.ru.json';

/**
 * The catalogues, one file per large screen area so screens grow without one giant file; each area is a
 * top-level key (`settingsDisplay.…`). ru is the reference: en must have exactly its keys (unit test).
 */
export const ruCatalog = {
  ...ru,
  audioTest: audioTestRu,
  audiobookCreation: audiobookCreationRu,
  audiobookPlayer: audiobookPlayerRu,
  audiobooks: audiobooksRu,
  dictionary: dictionaryRu,
  errors: errorsRu,
  learn: learnRu,
  settingsDisplay: settingsDisplayRu,
  settingsProviders: settingsProvidersRu,
  upload: uploadRu,
};
export const enCatalog = {
  ...en,
  audioTest: audioTestEn,
  audiobookCreation: audiobookCreationEn,
  audiobookPlayer: audiobookPlayerEn,
  audiobooks: audiobooksEn,
  dictionary: dictionaryEn,
  errors: errorsEn,
  learn: learnEn,
  settingsDisplay: settingsDisplayEn,
  settingsProviders: settingsProvidersEn,
  upload: uploadEn,
};
