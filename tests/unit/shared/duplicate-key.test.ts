import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { duplicateKeyOf, stripLeadingArticle } from '../../../src/shared/text/duplicate-key';

describe('duplicateKeyOf (docs/product/upload.md#duplicate-key)', () => {
  it.each([
    ['el perro', 'perro'],
    ['El Perro', 'perro'],
    ['  LA   casa  ', 'casa'],
    ['los perros', 'perros'],
    ['las casas', 'casas'],
    ['un libro', 'libro'],
    ['una mesa', 'mesa'],
    ['unos libros', 'libros'],
    ['unas mesas', 'mesas'],
    ['lo siento', 'siento'],
    ['perro 🐕', 'perro'],
    ['🐶 el perro', 'perro'],
    ['casa.', 'casa'],
    ['casa;', 'casa'],
    ['casa, ', 'casa'],
    ['¿Qué tal?', '¿qué tal'],
    ['¡Hola!', '¡hola'],
    ['hasta luego...', 'hasta luego'],
    ['el  buen   día', 'buen día'],
    ['ca\u200Bsa', 'casa'],
  ])('%j → %j', (spanish, key) => {
    expect(duplicateKeyOf(spanish)).toBe(key);
  });

  it('keeps accents: papa and papá are different words', () => {
    expect(duplicateKeyOf('papa')).not.toBe(duplicateKeyOf('papá'));
    expect(duplicateKeyOf('el papá')).toBe('papá');
  });

  it('treats composed and decomposed accents alike (NFC)', () => {
    expect(duplicateKeyOf('cafe\u0301')).toBe(duplicateKeyOf('café'));
    expect(duplicateKeyOf('cafe\u0301')).toHaveLength(4);
  });

  it('keeps an article that is the whole entry, and article-like word starts', () => {
    expect(duplicateKeyOf('la')).toBe('la');
    expect(duplicateKeyOf('El')).toBe('el');
    expect(duplicateKeyOf('lobo')).toBe('lobo');
    expect(duplicateKeyOf('elefante')).toBe('elefante');
    expect(duplicateKeyOf('unidad')).toBe('unidad');
    expect(duplicateKeyOf('el/la estudiante')).toBe('el/la estudiante');
  });

  it('keeps a trailing hyphen so a prefix stays apart from the word', () => {
    expect(duplicateKeyOf('pre-')).toBe('pre-');
  });

  it('removes one leading article only', () => {
    expect(duplicateKeyOf('el la')).toBe('la');
  });

  it('is idempotent and ignores the case and spacing of what the learner typed', () => {
    const word = fc.string({
      unit: fc.constantFrom(...Array.from('aáeéñoóuüLlEs ')),
      minLength: 1,
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.constantFrom('', 'el ', 'La ', 'UNOS '), word, (article, text) => {
        const key = duplicateKeyOf(article + text);
        expect(key).toBe(key.trim());
        expect(key).not.toMatch(/\s\s/u);
        expect(duplicateKeyOf(` ${(article + text).toUpperCase()}  `)).toBe(key);
      }),
    );
  });
});

describe('stripLeadingArticle', () => {
  it('removes the article and keeps the case of the rest', () => {
    expect(stripLeadingArticle('El Perro')).toBe('Perro');
    expect(stripLeadingArticle('  las   Casas ')).toBe('Casas');
    expect(stripLeadingArticle('perro')).toBe('perro');
    expect(stripLeadingArticle('lo')).toBe('lo');
    expect(stripLeadingArticle('la 2')).toBe('la 2');
  });
});
