import { describe, expect, it } from 'vitest';
import { enCatalog as en, ruCatalog as ru } from '../../../src/client/i18n/catalogs';

function leafKeys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => leafKeys(child, prefix ? `${prefix}.${key}` : key));
}

function leafValues(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leafValues);
}

describe('i18n catalogues', () => {
  it('en has exactly the keys of ru', () => {
    expect(leafKeys(en).sort()).toEqual(leafKeys(ru).sort());
  });

  it('every string is filled in', () => {
    for (const value of [...leafValues(ru), ...leafValues(en)]) {
      expect(typeof value).toBe('string');
      expect((value as string).trim()).not.toBe('');
    }
  });

  it('keeps the spec texts verbatim', () => {
    expect(ru.landing.title).toBe('Изучай испанский');
    expect(ru.common.loading).toBe('Загрузка...');
    expect(ru.notFound.title).toBe('404 Page Not Found');
    expect(ru.userMenu.fallbackName).toBe('Пользователь');
    expect(ru.session.loggedOut).toBe('You are logged out. Logging in again...');
    expect(ru.register.passwordMismatch).toBe('Пароли не совпадают');
    expect(ru.register.passwordTooShort).toBe('Пароль должен содержать минимум 6 символов');
  });
});
