import { describe, expect, it } from 'vitest';
import { countWords, createWordUsageMatcher } from '../../../src/server/modules/audiobooks/word-usage';

const vocabulary = [
  { id: 1, spanish: 'hablar', russian: 'говорить' },
  { id: 2, spanish: 'el perro', russian: 'собака' },
  { id: 3, spanish: 'comer', russian: 'есть' },
  { id: 4, spanish: 'oler', russian: 'пахнуть' },
  { id: 5, spanish: 'la casa', russian: 'дом' },
  { id: 6, spanish: 'buenos días', russian: 'добрый день' },
  { id: 7, spanish: 'vivir', russian: 'жить' },
  { id: 8, spanish: 'la habitación', russian: 'комната' },
];
const matcher = createWordUsageMatcher(vocabulary);
const used = (spanish: string, russian = '', claimedWords: string[] = []) =>
  matcher.wordsIn({ spanish, russian, claimedWords });

describe('word usage in a story sentence', () => {
  it('finds nouns in the plural and with another article, by their stem', () => {
    expect(used('Los perros duermen en las casas.')).toEqual([2, 5]);
  });

  it('finds verb forms, accents or not, regular ones the stemmer leaves apart included', () => {
    expect(used('Ayer hablé con ella.')).toEqual([1]);
    expect(used('Comí pan y vivía feliz.')).toEqual([3, 7]);
    expect(used('Habian hablado mucho.')).toEqual([1]);
  });

  it('does not take a word that only shares the verb root for the verb', () => {
    // "hab" + "itación" is no ending of hablar; the noun is its own entry.
    expect(used('La habitación es grande.')).toEqual([8]);
  });

  it('needs every word of a multi-word entry, in order', () => {
    expect(used('¡Buenos días, señor!')).toEqual([6]);
    expect(used('Los días buenos pasan.')).toEqual([]);
  });

  it('takes a claimed word the Spanish stems miss only when its translation is in the Russian sentence', () => {
    // "huele" is oler, which neither the stemmer nor the regular endings see.
    expect(used('La sopa huele bien.', 'Суп хороший.', ['oler'])).toEqual([]);
    expect(used('La sopa huele bien.', 'Суп хорошо пахнет.', ['oler'])).toEqual([4]);
    // The same Russian without the claim does not count.
    expect(used('La sopa huele bien.', 'Суп хорошо пахнет.')).toEqual([]);
  });

  it('ignores a claim of a word the learner does not have', () => {
    expect(used('El gato come.', 'Кот ест.', ['el gato'])).toEqual([3]);
  });
});

describe('countWords', () => {
  it('counts letters-only tokens in both scripts', () => {
    expect(countWords('¡Hola, amigo! ¿Qué tal?')).toBe(4);
    expect(countWords('Привет, друг.')).toBe(2);
  });
});
