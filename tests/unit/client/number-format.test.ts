import { describe, expect, it } from 'vitest';
import { formatCount, formatPercent } from '../../../src/client/lib/number-format';

const ruCount = new Intl.NumberFormat('ru-RU');

describe('formatCount', () => {
  it('writes whole numbers exactly as Intl does for ru-RU', () => {
    const values = [0, 1, 9, 10, 99, 100, 999, 1_000, 1_234, 9_999, 10_000, 12_345, 99_999, 100_000, 123_456];
    const more = [999_999, 1_000_000, 1_234_567, 123_456_789, Number.MAX_SAFE_INTEGER];
    for (const value of [...values, ...more]) {
      expect(formatCount(value)).toBe(ruCount.format(value));
      expect(formatCount(-value || 0)).toBe(ruCount.format(-value || 0));
    }
  });

  it('groups with a no-break space, so a count never wraps across lines', () => {
    expect(formatCount(12_345)).toBe('12\u00a0345');
  });

  it('leaves fractions and numbers beyond exact integers to Intl', () => {
    for (const value of [0.5, 1_234.56, -2.25, 2 ** 60])
      expect(formatCount(value)).toBe(ruCount.format(value));
  });
});

describe('formatPercent', () => {
  it('writes every whole percentage as Intl does, in Russian and in English', () => {
    for (const language of ['ru', 'en']) {
      const intl = new Intl.NumberFormat(language, { style: 'percent' });
      for (let percent = 0; percent <= 1000; percent += 1) {
        const share = percent / 100;
        expect(formatPercent(share, language)).toBe(intl.format(share));
      }
    }
  });

  it('writes the review retention choices as the learner reads them', () => {
    expect([0.8, 0.85, 0.9, 0.95].map((share) => formatPercent(share, 'ru'))).toEqual([
      '80\u00a0%',
      '85\u00a0%',
      '90\u00a0%',
      '95\u00a0%',
    ]);
    expect(formatPercent(0.85, 'en')).toBe('85%');
  });

  it('leaves other shares and languages to Intl', () => {
    expect(formatPercent(0.855, 'ru')).toBe(new Intl.NumberFormat('ru', { style: 'percent' }).format(0.855));
    expect(formatPercent(0.9, 'es')).toBe(new Intl.NumberFormat('es', { style: 'percent' }).format(0.9));
  });
});
