import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../shared/catalogs/appearance';
import { readStorage, writeStorage } from '../lib/local-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { enCatalog, ruCatalog } from './catalogs';

export const resources = {
  ru: { translation: ruCatalog },
  en: { translation: enCatalog },
} as const;

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

/** Whether this browser holds a language choice of its own (else the saved setting decides). */
export function hasChosenInterfaceLanguage(): boolean {
  return isInterfaceLanguage(readStorage(STORAGE_KEYS.interfaceLanguage));
}

export async function changeInterfaceLanguage(language: InterfaceLanguage): Promise<void> {
  writeStorage(STORAGE_KEYS.interfaceLanguage, language);
  await i18next.changeLanguage(language);
}

function syncDocumentLanguage(language: string) {
  // Screen readers pick their voice from <html lang>, so it follows the interface language.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

i18next.on('languageChanged', syncDocumentLanguage);

void i18next.use(initReactI18next).init({
  resources,
  lng: readInterfaceLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: INTERFACE_LANGUAGES,
  // Resources are bundled, so initialising synchronously lets the first render already be translated.
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

export { i18next };
