import audioTestRu from './audio-test.ru.json';
import audiobookPlayerRu from './audiobook-player.ru.json';
import audiobookCreationRu from './audiobook-creation.ru.json';
import audiobooksRu from './audiobooks.ru.json';
import dashboardRu from './dashboard.ru.json';
import dictionaryRu from './dictionary.ru.json';
import errorsRu from './errors.ru.json';
import learnRu from './learn.ru.json';
import ru from './ru.json';
import reviewRu from './review.ru.json';
import settingsDisplayRu from './settings-display.ru.json';
import settingsProvidersRu from './settings-providers.ru.json';
import uploadRu from './upload.ru.json';

/**
 * The Russian catalogue: the reference, bundled with the app (the product's first language and the fallback),
 * one file per large screen area, each a top-level key (`settingsDisplay.…`).
 */
export const ruCatalog = {
  ...ru,
  audioTest: audioTestRu,
  audiobookCreation: audiobookCreationRu,
  audiobookPlayer: audiobookPlayerRu,
  audiobooks: audiobooksRu,
  dashboard: dashboardRu,
  dictionary: dictionaryRu,
  errors: errorsRu,
  learn: learnRu,
  review: reviewRu,
  settingsDisplay: settingsDisplayRu,
  settingsProviders: settingsProvidersRu,
  upload: uploadRu,
};
