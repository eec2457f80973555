import type { ruCatalog } from './catalog-ru';

// The ru catalogue is the reference: every key used in code must exist there (en is checked by a unit test).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ruCatalog };
    returnNull: false;
  }
}
