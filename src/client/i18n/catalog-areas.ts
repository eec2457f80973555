import type { InterfaceLanguage } from '../../shared/catalogs/appearance';

/**
 * The catalogue in parts (docs/product/settings.md#interface-language): the common part (ru.json) comes with
 * the first page in Russian; each area below is fetched with the screen that needs it (the router names
 * them; every screen but the visitor's landing page has the error texts), in the interface language only. catalog-ru.ts and catalog-en.ts put the
 * parts together for the key types and the tests.
 */
export const CATALOG_AREAS = [
  'audioTest',
  'audiobookCreation',
  'audiobookPlayer',
  'audiobooks',
  'dashboard',
  'dictionary',
  'errors',
  'learn',
  'review',
  'settingsDisplay',
  'settingsProviders',
  'upload',
] as const;
export type CatalogArea = (typeof CATALOG_AREAS)[number];

type CatalogPart = Record<string, unknown>;
type PartLoader = () => Promise<{ default: CatalogPart }>;

export const areaLoaders: Record<InterfaceLanguage, Record<CatalogArea, PartLoader>> = {
  ru: {
    audioTest: () => import('./audio-test.ru.json'),
    audiobookCreation: () => import('./audiobook-creation.ru.json'),
    audiobookPlayer: () => import('./audiobook-player.ru.json'),
    audiobooks: () => import('./audiobooks.ru.json'),
    dashboard: () => import('./dashboard.ru.json'),
    dictionary: () => import('./dictionary.ru.json'),
    errors: () => import('./errors.ru.json'),
    learn: () => import('./learn.ru.json'),
    review: () => import('./review.ru.json'),
    settingsDisplay: () => import('./settings-display.ru.json'),
    settingsProviders: () => import('./settings-providers.ru.json'),
    upload: () => import('./upload.ru.json'),
  },
  en: {
    audioTest: () => import('./audio-test.en.json'),
    audiobookCreation: () => import('./audiobook-creation.en.json'),
    audiobookPlayer: () => import('./audiobook-player.en.json'),
    audiobooks: () => import('./audiobooks.en.json'),
    dashboard: () => import('./dashboard.en.json'),
    dictionary: () => import('./dictionary.en.json'),
    errors: () => import('./errors.en.json'),
    learn: () => import('./learn.en.json'),
    review: () => import('./review.en.json'),
    settingsDisplay: () => import('./settings-display.en.json'),
    settingsProviders: () => import('./settings-providers.en.json'),
    upload: () => import('./upload.en.json'),
  },
};

/** English's common part; Russian's comes with the first page (setup.ts). */
export async function loadEnglishCommon(): Promise<CatalogPart> {
  return (await import('./en.json')).default;
}
