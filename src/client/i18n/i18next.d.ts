import type ru from './ru.json';

// ru.json is the reference catalogue: every key used in code must exist there (en is checked by a unit test).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof ru };
    returnNull: false;
  }
}
