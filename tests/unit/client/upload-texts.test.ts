import { describe, expect, it } from 'vitest';
import { UPLOAD_STAGES } from '../../../src/shared/api/uploads';
import { enCatalog, ruCatalog } from '../../../src/client/i18n/catalogs';

const texts = ruCatalog.upload;

describe('Upload screen texts (docs/product/upload.md#upload-screen, docs/product/errors.md#catalogue)', () => {
  it('the button and its pending label are verbatim', () => {
    expect(texts.form.submit).toBe('Загрузить слова');
    expect(texts.form.submitting).toBe('Обработка...');
  });

  it('the placeholder shows both line formats, each line with an emoji', () => {
    const lines = texts.form.placeholder.split('\n');
    expect(lines.some((line) => line.includes(' / '))).toBe(true);
    expect(lines.some((line) => line.includes(' | '))).toBe(true);
    expect(lines.every((line) => /^\p{Extended_Pictographic}/u.test(line))).toBe(true);
  });

  it('validation and toast texts are verbatim', () => {
    expect(texts.toasts.noTextTitle).toBe('No text provided');
    expect(texts.toasts.noTextDescription).toBe('Please enter some word pairs to process.');
    expect(texts.toasts.noFileTitle).toBe('No file selected');
    expect(texts.toasts.noFileDescription).toBe('Please select a file to upload.');
    expect(texts.toasts.uploadFailedTitle).toBe('Upload failed');
    expect(texts.toasts.startFailedTitle).toBe('Ошибка запуска обработки');
    expect(texts.toasts.startFailedDescription).toBe('Не удалось запустить обработку слов');
    expect(texts.toasts.startedTitle).toBe('Обработка запущена');
    expect(texts.toasts.cancelledTitle).toBe('Обработка отменена');
    expect(texts.panel.status.failed).toBe('Произошла ошибка');
  });

  it('the statistics, duplicates and report texts are verbatim', () => {
    expect(texts.results.defaultReason).toBe('Слово уже существует в словаре');
    expect(texts.results.active).toBe('Активное');
    expect(texts.results.inactive).toBe('Неактивное');
    expect(texts.report.noDuplicates).toBe('Все слова успешно загружены!');
    expect(texts.report.recommendation).toContain('«Словарь»');
    expect(texts.monitor.finalStage).toContain('«Изучение»');
  });

  it('every monitoring stage has a name and a hint in both languages', () => {
    for (const stage of UPLOAD_STAGES) {
      expect(texts.stages[stage].name.trim()).not.toBe('');
      expect(enCatalog.upload.stages[stage].hint.trim()).not.toBe('');
    }
  });
});
