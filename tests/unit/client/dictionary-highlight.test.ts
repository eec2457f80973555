import { describe, expect, it } from 'vitest';
import { exampleSegments } from '../../../src/client/features/dictionary/lib/example-highlight';
import { hasMatch, highlightWord, markerSegments, wordMatcher } from '../../../src/client/lib/word-highlight';

const marked = (segments: { text: string; isMatch: boolean }[]) =>
  segments.map((segment) => (segment.isMatch ? `[${segment.text}]` : segment.text)).join('');

describe('audiobook sentence highlight', () => {
  it('stems verbs ending in -ar, -er and -ir', () => {
    expect(wordMatcher('hablar')).toEqual({ kind: 'stem', stem: 'habl' });
    expect(marked(highlightWord('Yo hablo y ellos hablaron mucho.', 'hablar'))).toBe(
      'Yo [hablo] y ellos [hablaron] mucho.',
    );
    expect(marked(highlightWord('Comemos pan; ella comió.', 'comer'))).toBe('[Comemos] pan; ella [comió].');
    expect(marked(highlightWord('Vivimos aquí.', 'vivir'))).toBe('[Vivimos] aquí.');
  });

  it('matches other words whole or in the plural, never inside another word', () => {
    expect(marked(highlightWord('Los perros y el perro del perrito.', 'el perro'))).toBe(
      'Los [perros] y el [perro] del perrito.',
    );
    expect(marked(highlightWord('Dos flores y una flor.', 'flor'))).toBe('Dos [flores] y una [flor].');
    expect(marked(highlightWord('El soldado al sol.', 'sol'))).toBe('El soldado al [sol].');
  });

  it('does not stem short infinitives', () => {
    expect(wordMatcher('ir')).toEqual({ kind: 'word', word: 'ir' });
    expect(marked(highlightWord('Vamos a ir a Irlanda.', 'ir'))).toBe('Vamos a [ir] a Irlanda.');
  });

  it('keeps the sentence case and matches phrases as written', () => {
    expect(marked(highlightWord('¡Buenos días, amigo! buenos días.', 'buenos días'))).toBe(
      '¡[Buenos días], amigo! [buenos días].',
    );
  });

  it('leaves a sentence without the word unmarked', () => {
    expect(highlightWord('Nada aquí.', 'gato')).toEqual([{ text: 'Nada aquí.', isMatch: false }]);
    expect(hasMatch('Nada aquí.', 'gato')).toBe(false);
    expect(hasMatch('Tres gatos.', 'gato')).toBe(true);
    expect(highlightWord('', 'gato')).toEqual([]);
  });
});

describe('word card example highlight', () => {
  it('uses the ** ** markers of the enrichment', () => {
    expect(marked(exampleSegments('Mi **perro** corre.', 'perro'))).toBe('Mi [perro] corre.');
  });

  it('falls back to the highlighted form, ignoring case', () => {
    expect(marked(exampleSegments('Собака спит. Моя собака.', 'собака'))).toBe(
      '[Собака] спит. Моя [собака].',
    );
  });

  it('leaves the text alone without markers or form, or with unmatched markers', () => {
    expect(marked(exampleSegments('Mi perro corre.', null))).toBe('Mi perro corre.');
    expect(marked(exampleSegments('Mi **perro corre.', null))).toBe('Mi **perro corre.');
  });
});

describe('`** **` marker segments', () => {
  it('splits paired markers and drops empty parts', () => {
    expect(markerSegments('Yo **hablo** español.')).toEqual([
      { text: 'Yo ', isMatch: false },
      { text: 'hablo', isMatch: true },
      { text: ' español.', isMatch: false },
    ]);
    expect(markerSegments('**Hola** y **adiós**')).toEqual([
      { text: 'Hola', isMatch: true },
      { text: ' y ', isMatch: false },
      { text: 'adiós', isMatch: true },
    ]);
  });

  it('is null without markers or with a stray one', () => {
    expect(markerSegments('Sin marcas.')).toBeNull();
    expect(markerSegments('')).toBeNull();
    expect(markerSegments('Una **marca suelta.')).toBeNull();
    expect(markerSegments('**a** b **c')).toBeNull();
  });
});
