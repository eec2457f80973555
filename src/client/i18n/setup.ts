import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../shared/catalogs/appearance';
import { readStorage, writeStorage } from '../lib/local-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { ruCatalog } from './catalog-ru';

export const DEFAULT_LANGUAGE: InterfaceLanguage = 'ru';

export function isInterfaceLanguage(value: unknown): value is InterfaceLanguage {
  return typeof value === 'string' && (INTERFACE_LANGUAGES as readonly string[]).includes(value);
}

/**
 * The language chosen in this browser, ru until one is chosen here or taken from the signed-in learner's
 * settings (docs/product/settings.md#interface-language).
 */
export function readInterfaceLanguage(): InterfaceLanguage {
  const stored = readStorage(STORAGE_KEYS.interfaceLanguage);
  return isInterfaceLanguage(stored) ? stored : DEFAULT_LANGUAGE;
}

/**
 * Whether a language was chosen in this browser and not yet saved as the learner's setting: then this
 * browser's choice is saved; otherwise the saved setting is the latest choice and this browser takes it
 * (docs/product/settings.md#interface-language).
 */
export function hasUnsavedInterfaceLanguage(): boolean {
  const shown = readStorage(STORAGE_KEYS.interfaceLanguage);
  return isInterfaceLanguage(shown) && shown !== readStorage(STORAGE_KEYS.interfaceLanguageSaved);
}

/** Records that this browser and the learner's saved setting agree on the language. */
export function markInterfaceLanguageSaved(language: InterfaceLanguage): void {
  writeStorage(STORAGE_KEYS.interfaceLanguageSaved, language);
}

/**
 * Russian comes with the app; English is fetched the first time it is shown, so a Russian-speaking
 * learner's first page carries one catalogue (docs/product/settings.md#interface-language).
 */
async function loadCatalog(language: InterfaceLanguage): Promise<void> {
  if (i18next.hasResourceBundle(language, 'translation')) return;
  switch (language) {
    case 'ru':
      return;
    case 'en':
      i18next.addResourceBundle('en', 'translation', (await import('./catalog-en')).enCatalog);
      return;
  }
}

async function showLanguage(language: InterfaceLanguage): Promise<void> {
  await loadCatalog(language);
  await i18next.changeLanguage(language);
}

/** Shows the learner's saved language, which is not a choice made in this browser. */
export async function adoptSavedInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  writeStorage(STORAGE_KEYS.interfaceLanguage, language);
  markInterfaceLanguageSaved(language);
  await showLanguage(language);
}

export async function changeInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  writeStorage(STORAGE_KEYS.interfaceLanguage, language);
  await showLanguage(language);
}

function syncDocumentLanguage(language: string) {
  // Screen readers pick their voice from <html lang>, so it follows the interface language.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18next.on('languageChanged', syncDocumentLanguage);

void i18next.use(initReactI18next).init({
  resources: { ru: { translation: ruCatalog } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: INTERFACE_LANGUAGES,
  // Russian is bundled, so initialising synchronously lets a first render in Russian be translated at once.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/** Settles once the language chosen in this browser can be shown: the app renders after it. */
export const interfaceLanguageReady: Promise<void> = showLanguage(readInterfaceLanguage());

export { i18next };
