import { describe, expect, it } from 'vitest';
import { checkTypedAnswer, diffLetters } from '../../../src/shared/review/typed-answer';

describe('a typed answer (docs/product/review.md#typed-answers)', () => {
  it('is exact whatever the case, spaces and end punctuation', () => {
    expect(checkTypedAnswer('  El   Perro. ', 'el perro').verdict).toBe('exact');
    expect(checkTypedAnswer('¿qué?', 'qué').verdict).toBe('exact');
  });

  it('tolerates a missing or different article and missing accents, as close', () => {
    expect(checkTypedAnswer('perro', 'el perro').verdict).toBe('close');
    expect(checkTypedAnswer('la perro', 'el perro').verdict).toBe('close');
    expect(checkTypedAnswer('el arbol', 'el árbol').verdict).toBe('close');
    expect(checkTypedAnswer('nino', 'el niño').verdict).toBe('close');
  });

  it('is wrong for another word, a misspelling or nothing', () => {
    expect(checkTypedAnswer('gato', 'el perro').verdict).toBe('wrong');
    expect(checkTypedAnswer('el pero', 'el perro').verdict).toBe('wrong');
    expect(checkTypedAnswer('', 'el perro').verdict).toBe('wrong');
    expect(checkTypedAnswer('el', 'el perro').verdict).toBe('wrong');
  });

  it('shows the difference letter by letter: missing, extra, wrong and accent-only letters', () => {
    // Either r may be the missing one; the alignment names one of them.
    expect(diffLetters('pero', 'perro').map((part) => part.kind)).toEqual([
      'same',
      'same',
      'missing',
      'same',
      'same',
    ]);
    expect(diffLetters('arbol', 'árbol')[0]).toEqual({ kind: 'accent', typed: 'a', expected: 'á' });
    expect(diffLetters('gatos', 'gato')).toEqual([
      { kind: 'same', typed: 'g', expected: 'g' },
      { kind: 'same', typed: 'a', expected: 'a' },
      { kind: 'same', typed: 't', expected: 't' },
      { kind: 'same', typed: 'o', expected: 'o' },
      { kind: 'extra', typed: 's' },
    ]);
    expect(diffLetters('mesa', 'masa').map((part) => part.kind)).toEqual(['same', 'wrong', 'same', 'same']);
    expect(diffLetters('', 'sí')).toEqual([
      { kind: 'missing', expected: 's' },
      { kind: 'missing', expected: 'í' },
    ]);
  });

  it('reads every letter of both texts back in order', () => {
    const typed = 'la casa grandee';
    const expected = 'el cása grande';
    const diff = diffLetters(typed, expected);
    expect(diff.map((part) => ('typed' in part ? part.typed : '')).join('')).toBe(typed);
    expect(diff.map((part) => ('expected' in part ? part.expected : '')).join('')).toBe(expected);
  });
});
