import { describe, expect, it } from 'vitest';
import { ruCatalog } from '../../../src/client/i18n/catalogs';

const texts = ruCatalog.settingsProviders;
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

describe('Settings → Audio and API texts (docs/product/settings.md#key-check)', () => {
  it('key check toasts are verbatim, with the provider name in front', () => {
    expect(texts.common.successTitle).toBe('Успешно');
    expect(texts.common.errorTitle).toBe('Ошибка');
    expect(fill(texts.keys.validToast, { provider: 'OpenAI' })).toBe('OpenAI ключ сохранен и проверен');
    expect(fill(texts.keys.invalidToast, { provider: 'OpenAI' })).toBe('OpenAI ключ недействителен');
    expect(fill(texts.keys.invalidToast, { provider: 'ElevenLabs' })).toBe('ElevenLabs ключ недействителен');
    expect(fill(texts.keys.invalidToast, { provider: 'Leonardo' })).toBe('Leonardo ключ недействителен');
    expect(fill(texts.keys.checkFailed, { provider: 'Leonardo' })).toBe('Не удалось проверить Leonardo ключ');
  });

  it('maintenance and voice failures are verbatim', () => {
    expect(texts.translationFix.startFailed).toBe('Не удалось запустить создание качественных переводов');
    expect(texts.maintenance.russianAudioFailed).toBe(
      'Не удалось запустить массовую перегенерацию русского аудио',
    );
    expect(texts.maintenance.cacheFailed).toBe('Не удалось обновить кэш');
    expect(texts.audio.voicesLoadFailed).toBe('Не удалось загрузить голоса из ElevenLabs');
    expect(texts.audio.voicesConnectFailed).toBe('Не удалось подключиться к ElevenLabs API');
    expect(fill(texts.translationFix.wordError, { spanish: 'gato', error: 'timeout' })).toBe(
      'Слово gato: timeout',
    );
  });

  it('the translation fix progress and summary lines are verbatim', () => {
    expect(texts.translationFix.preparing).toBe('Создаём качественные переводы…');
    expect(fill(texts.translationFix.processed, { current: '3', total: '10' })).toBe('Обработано 3 из 10');
    expect(fill(texts.translationFix.stoppedSummary, { regenerated: '2', totalWords: '10' })).toBe(
      'Остановлено: исправлено 2 из 10',
    );
    expect(fill(texts.translationFix.doneSummary, { regenerated: '8', totalWords: '10' })).toBe(
      'Готово: исправлено 8 из 10',
    );
  });

  it('offline voices are marked as docs/product/providers.md#built-in-voices says', () => {
    expect(texts.common.offline).toBe('офлайн');
  });
});
