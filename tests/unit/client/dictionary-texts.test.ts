import { describe, expect, it } from 'vitest';
import { ruCatalog } from '../../../src/client/i18n/catalogs';

const texts = ruCatalog.dictionary;

describe('Dictionary texts (docs/product/dictionary.md#screen, docs/product/dictionary.md#hidden-words, docs/product/dictionary.md#word-row, docs/product/errors.md#catalogue)', () => {
  it('screen texts are verbatim', () => {
    expect(texts.empty).toBe('Слова не найдены');
    expect(texts.filters.reset).toBe('Сбросить фильтры');
    expect(texts.select.deleteAllActive).toBe('Удалить все активные');
    expect(texts.media.title).toBe('Медиатека');
    expect(texts.card.imageUnavailable).toBe('Изображение недоступно');
    expect(texts.card.imagesFailed).toBe('Failed to fetch images');
    expect(texts.toasts.hiddenTitle).toBe('Слово перемещено в изученные');
    expect(texts.toasts.noActiveTitle).toBe('Нет активных слов');
    expect(texts.toasts.noActiveDescription).toBe('Все слова уже удалены.');
  });

  it('error toasts are verbatim', () => {
    expect(texts.toasts.errorTitle).toBe('Ошибка');
    expect(texts.toasts.primaryFailed).toBe('Не удалось изменить основное изображение');
    expect(texts.toasts.imageApplyFailed).toBe('Не удалось обновить изображение');
    expect(texts.toasts.hideFailedTitle).toBe('Ошибка скрытия');
    expect(texts.toasts.hideFailedDescription).toBe('Не удалось скрыть выбранные слова.');
    expect(texts.toasts.toggleFailed).toBe('Не удалось изменить состояние слова.');
    expect(texts.toasts.deleteFailedTitle).toBe('Ошибка удаления');
    expect(texts.toasts.deleteFailedDescription).toBe('Не удалось удалить слова.');
    expect(texts.toasts.regenerateFailedTitle).toBe('Ошибка перегенерации');
    expect(texts.toasts.clearFailedTitle).toBe('Ошибка очистки');
    expect(texts.toasts.generateFailedTitle).toBe('Ошибка генерации');
    expect(texts.toasts.imageFailedTitle).toBe('❌ Ошибка генерации');
    expect(texts.toasts.imageFailedDescription).toBe('Не удалось создать изображение: {{message}}');
    expect(texts.toasts.unknownError).toBe('Неизвестная ошибка');
    expect(texts.toasts.tagsFailedTitle).toBe('Ошибка обновления тегов');
    expect(texts.toasts.resetFailedTitle).toBe('Ошибка сброса');
    expect(texts.toasts.resetFailedDescription).toBe('Не удалось сбросить счетчик прослушанных');
    expect(texts.toasts.resetDone).toBe('Счетчик сброшен');
    expect(texts.toasts.statusFailedTitle).toBe('Ошибка изменения статуса');
    expect(texts.toasts.phraseFailed).toBe('Не удалось перегенерировать фразу');
  });

  it('the listen-count reset keeps its name from the upload screen, where the spec put it', () => {
    expect(texts.maintenance.resetListenCount).toBe('Сбросить счетчик прослушанных');
    expect(texts.confirm.resetListenCountTitle).toBe('Сбросить счетчик прослушанных?');
  });

  it('the delete-all confirmation shows the count', () => {
    expect(texts.confirm.deleteAllActiveDescription).toContain('{{count}}');
  });
});
