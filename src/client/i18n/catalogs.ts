/**
 * Both catalogues, for tests that compare them; the app loads Russian with itself and English on demand
 * (setup.ts).
 */
export { ruCatalog } from './catalog-ru';
export { enCatalog } from './catalog-en';
