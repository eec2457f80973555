import { describe, expect, it } from 'vitest';
import { i18next, loadCatalogAreas, startInterfaceLanguage } from '../../../src/client/i18n/setup';

// docs/product/overview.md#serving-the-client: the entry asks for the first screen's code and texts before it
// readies the interface texts, in a later task of the start.
describe('the interface texts', () => {
  it('are not readied on import, and a screen area that arrives first readies them and is kept', async () => {
    expect(i18next.isInitialized).toBeFalsy();
    await loadCatalogAreas(['learn']);
    expect(i18next.t('learn.close')).toBe('Закрыть');
    await startInterfaceLanguage();
    expect(i18next.language).toBe('ru');
    expect(i18next.t('common.appName')).toBe('Palabra');
    expect(i18next.t('learn.loading')).toBe('Загрузка слов…');
  });
});
