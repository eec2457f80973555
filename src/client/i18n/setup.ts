import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { INTERFACE_LANGUAGES, type InterfaceLanguage } from '../../shared/catalogs/appearance';
import { loadOnce } from '../lib/load-once';
import { readStorage, writeStorage } from '../lib/local-storage';
import { STORAGE_KEYS } from '../lib/storage-keys';
import { areaLoaders, type CatalogArea, loadEnglishCommon } from './catalog-areas';
import ru from './ru.json';

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

/** The screen areas whose texts a screen shown on this page needed (catalog-areas.ts). */
const wantedAreas = new Set<CatalogArea>();
/** Each area's texts in each language, fetched once. */
const areaLoads = new Map<`${InterfaceLanguage}:${CatalogArea}`, Promise<void>>();

function syncDocumentLanguage(language: string) {
  // Screen readers pick their voice from <html lang>, so it follows the interface language.
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let hasInterfaceTexts = false;

/**
 * Readies i18next with the bundled common Russian texts, once: synchronously, so a first render in Russian is
 * translated at once. Not on import: it is a good part of the first page's start, which the entry spreads
 * over tasks of their own (main.tsx).
 */
export function initInterfaceTexts(): void {
  if (hasInterfaceTexts) return;
  hasInterfaceTexts = true;
  i18next.on('languageChanged', syncDocumentLanguage);
  void i18next.use(initReactI18next).init({
    resources: { ru: { translation: ru } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: INTERFACE_LANGUAGES,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
}

/**
 * Adds texts to a language's catalogue. The first screen's areas are asked for before the entry readies the
 * texts (main.tsx), and one that arrives first (from the browser's cache) readies them itself.
 */
function addTexts(language: InterfaceLanguage, texts: Record<string, unknown>): void {
  initInterfaceTexts();
  i18next.addResourceBundle(language, 'translation', texts, true, false);
}

function loadArea(language: InterfaceLanguage, area: CatalogArea): Promise<void> {
  const key = `${language}:${area}` as const;
  let loading = areaLoads.get(key);
  if (!loading) {
    loading = areaLoaders[language][area]().then(({ default: texts }) => {
      addTexts(language, { [area]: texts });
    });
    // A failed fetch (offline) is tried again the next time the screen opens.
    loading.catch(() => areaLoads.delete(key));
    areaLoads.set(key, loading);
  }
  return loading;
}

/** English's common part, fetched once (again after a failed fetch). */
const loadEnglish = loadOnce(() => loadEnglishCommon().then((common) => addTexts('en', common)));

function loadCommon(language: InterfaceLanguage): Promise<void> {
  switch (language) {
    case 'ru':
      return Promise.resolve();
    case 'en':
      return loadEnglish();
  }
}

/**
 * The common Russian part comes with the app; English's is fetched the first time it is shown, and a screen
 * area's texts in the language shown when its screen first opens, so a page carries only what it shows
 * (docs/product/settings.md#interface-language).
 */
async function loadCatalog(language: InterfaceLanguage, areas: Iterable<CatalogArea>): Promise<void> {
  await Promise.all([loadCommon(language), ...[...areas].map((area) => loadArea(language, area))]);
}

/**
 * The language shown, or the one being switched to: a screen opening meanwhile fetches its texts in it. From
 * the start the one chosen in this browser, as the first screen's code is asked for before the texts are ready.
 */
let targetLanguage: InterfaceLanguage = readInterfaceLanguage();

/**
 * Fetches the texts of these screen areas in the language shown (and in the one being switched to, if any);
 * the router waits for it with the screen.
 */
export async function loadCatalogAreas(areas: readonly CatalogArea[]): Promise<void> {
  for (const area of areas) wantedAreas.add(area);
  const shown = i18next.language;
  const languages = new Set([isInterfaceLanguage(shown) ? shown : DEFAULT_LANGUAGE, targetLanguage]);
  await Promise.all([...languages].map((language) => loadCatalog(language, areas)));
}

async function showLanguage(language: InterfaceLanguage): Promise<void> {
  targetLanguage = language;
  await loadCatalog(language, wantedAreas);
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

/** Readies the texts and shows the language chosen in this browser; the app renders once it settles. */
export function startInterfaceLanguage(): Promise<void> {
  initInterfaceTexts();
  return showLanguage(targetLanguage);
}

export { i18next };
