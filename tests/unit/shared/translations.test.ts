import { describe, expect, it } from 'vitest';
import { markedForm } from '../../../src/shared/text/marked-form';
import { mergeTranslations, missingTranslations } from '../../../src/shared/text/translations';

/** docs/product/upload.md#new-translation */
describe('mergeTranslations', () => {
  it('appends the parts the word lacks', () => {
    expect(mergeTranslations('дом', 'дом, жилище')).toBe('дом, жилище');
    expect(mergeTranslations('дом', 'жилище; здание')).toBe('дом, жилище, здание');
  });

  it('adds nothing the word has already, whatever the case and spacing', () => {
    expect(missingTranslations('Дом,  жилище', 'жилище , ДОМ')).toEqual([]);
    expect(mergeTranslations('дом, жилище', 'дом')).toBe('дом, жилище');
    expect(missingTranslations('дом', 'кров, кров')).toEqual(['кров']);
  });
});

describe('markedForm', () => {
  it('is the first form marked with ** **, or null', () => {
    expect(markedForm('Mi **casa** es **grande**.')).toBe('casa');
    expect(markedForm('Mi casa es grande.')).toBeNull();
    expect(markedForm(null)).toBeNull();
    expect(markedForm('****')).toBeNull();
  });
});
