import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_WORD_LINE_LENGTH,
  parseWordLines,
  splitLines,
  WORD_LINE_REJECT_REASONS,
  type ParsedWordLines,
} from '../../../src/shared/text/word-lines';
import { isStorableText, withoutControlCharacters } from '../../../src/shared/text/control-characters';

/** The single pair a one-line text yields, or what happened to the line instead. */
function pairOf(line: string): [string, string | null] | string {
  const parsed = parseWordLines(line);
  const entry = parsed.entries[0];
  if (entry) return [entry.spanish, entry.russian];
  return parsed.rejected[0]?.code ?? 'blank';
}

const totalLines = (parsed: ParsedWordLines) =>
  parsed.entries.length + parsed.rejected.length + parsed.blankLineNumbers.length;

const allLineNumbers = (parsed: ParsedWordLines) =>
  [
    ...parsed.entries.map((entry) => entry.lineNumber),
    ...parsed.rejected.map((line) => line.lineNumber),
    ...parsed.blankLineNumbers,
  ].sort((a, b) => a - b);

describe('line formats (docs/product/upload.md#line-formats)', () => {
  it.each([
    ['casa / дом', 'slash'],
    ['casa | дом', 'bar'],
    ['casa\tдом', 'tab'],
    ['casa  дом', 'two spaces'],
    ['casa     дом', 'many spaces'],
    ['casa - дом', 'spaced hyphen'],
    ['casa – дом', 'en dash'],
    ['casa — дом', 'em dash'],
    ['casa = дом', 'equals'],
    ['casa : дом', 'spaced colon'],
    ['casa: дом', 'colon'],
    ['casa -> дом', 'arrow'],
    ['casa → дом', 'unicode arrow'],
    ['casa/дом', 'tight slash'],
    ['casa|дом', 'tight bar'],
    ['casa\t/\tдом', 'slash between tabs'],
    ['casa дом', 'script boundary'],
    ['casa, дом', 'comma at the script boundary'],
    ['casa-дом', 'hyphen at the script boundary'],
  ])('%j (%s) → casa + дом', (line) => {
    expect(pairOf(line)).toEqual(['casa', 'дом']);
  });

  it('keeps articles, inner punctuation and several translations', () => {
    expect(pairOf('el perro / собака')).toEqual(['el perro', 'собака']);
    expect(pairOf('¿Qué tal? / Как дела?')).toEqual(['¿Qué tal?', 'Как дела?']);
    expect(pairOf('¡Hola! | Привет!')).toEqual(['¡Hola!', 'Привет!']);
    expect(pairOf('casa / дом, жилище')).toEqual(['casa', 'дом, жилище']);
    expect(pairOf('casa / дом / жилище')).toEqual(['casa', 'дом / жилище']);
    expect(pairOf('Hasta luego... / До встречи...')).toEqual(['Hasta luego...', 'До встречи...']);
    expect(pairOf('el ordenador / компьютер (PC)')).toEqual(['el ordenador', 'компьютер (PC)']);
    expect(pairOf('hola, ¿qué tal? привет, как дела?')).toEqual(['hola, ¿qué tal?', 'привет, как дела?']);
  });

  it('splits Spanish then TAB then Russian even when the Russian holds slashes and dashes', () => {
    expect(pairOf('la mesa\tстол / столик - мебель')).toEqual(['la mesa', 'стол / столик - мебель']);
  });
});

describe('dash versus hyphen', () => {
  it('never splits a hyphen inside a word', () => {
    expect(pairOf('bien-estar')).toEqual(['bien-estar', null]);
    expect(pairOf('e-mail')).toEqual(['e-mail', null]);
    expect(pairOf('bien-estar - благополучие')).toEqual(['bien-estar', 'благополучие']);
    expect(pairOf('e-mail — электронная почта')).toEqual(['e-mail', 'электронная почта']);
    expect(pairOf('el e-mail / имейл')).toEqual(['el e-mail', 'имейл']);
  });

  it('does not split at a word hyphen even when no split is clean', () => {
    expect(pairOf('e-mail почта (mail)')).toEqual(['e-mail', 'почта (mail)']);
  });

  it('keeps a hyphen that marks a prefix or suffix', () => {
    expect(pairOf('-ción / -ция')).toEqual(['-ción', '-ция']);
    expect(pairOf('pre- / пред-')).toEqual(['pre-', 'пред-']);
  });

  it('splits at the spaced dash, not at the hyphen in the Russian', () => {
    expect(pairOf('la fe - во-первых')).toEqual(['la fe', 'во-первых']);
  });
});

describe('ambiguous separators: Latin left, Cyrillic right', () => {
  it('prefers the split that separates the scripts cleanly', () => {
    expect(pairOf('él/ella / он/она')).toEqual(['él/ella', 'он/она']);
    expect(pairOf('él / ella / он / она')).toEqual(['él / ella', 'он / она']);
    expect(pairOf('km/h - км/ч')).toEqual(['km/h', 'км/ч']);
    expect(pairOf('Nota: algo / заметка')).toEqual(['Nota: algo', 'заметка']);
    expect(pairOf('él / ella  он / она')).toEqual(['él / ella', 'он / она']);
  });

  it('does not put a bar into the Spanish side to get a cleaner split', () => {
    expect(pairOf('el perro | the dog - собака')).toEqual(['el perro', 'the dog - собака']);
  });

  it('takes the right side of a Latin-only line as the translation the learner chose', () => {
    expect(pairOf('casa / house')).toEqual(['casa', 'house']);
    expect(pairOf('casa | house | home')).toEqual(['casa', 'house | home']);
    expect(pairOf('casa - house')).toEqual(['casa', 'house']);
    expect(pairOf('casa\thouse')).toEqual(['casa', 'house']);
    expect(pairOf('casa = house')).toEqual(['casa', 'house']);
  });

  it('keeps a Latin-only line whole when its only separator is a weak one', () => {
    expect(pairOf('él/ella')).toEqual(['él/ella', null]);
    expect(pairOf('Nota: algo')).toEqual(['Nota: algo', null]);
    expect(pairOf('el  perro')).toEqual(['el perro', null]);
  });
});

describe('Spanish only and rejected lines', () => {
  it('keeps a Spanish-only line for later translation', () => {
    expect(pairOf('el perro')).toEqual(['el perro', null]);
    expect(pairOf('casa /')).toEqual(['casa', null]);
    expect(pairOf('casa / 🏠')).toEqual(['casa', null]);
  });

  it('rejects a Cyrillic-only line with its line number and a Russian reason', () => {
    const parsed = parseWordLines('casa / дом\nдом / жилище\nperro');
    expect(parsed.rejected).toEqual([
      {
        lineNumber: 2,
        raw: 'дом / жилище',
        reason: 'Не удалось разобрать строку: нет испанского слова',
        code: 'no-spanish',
      },
    ]);
    expect(parsed.entries.map((entry) => entry.lineNumber)).toEqual([1, 3]);
  });

  it('rejects lines with no letters of Spanish', () => {
    expect(pairOf('🏠🏡')).toBe('no-spanish');
    expect(pairOf('1.')).toBe('no-spanish');
    expect(pairOf('123 / сто')).toBe('no-spanish');
    expect(pairOf('---')).toBe('no-spanish');
  });

  it('rejects a line longer than a word pair can be, and accepts one at the limit', () => {
    const atLimit = `${'a'.repeat(MAX_WORD_LINE_LENGTH - 6)} / дом`;
    expect(pairOf(atLimit)).toEqual([atLimit.slice(0, -6), 'дом']);
    const parsed = parseWordLines(`casa / дом\n${atLimit}x`);
    expect(parsed.rejected).toEqual([
      {
        lineNumber: 2,
        raw: `${atLimit}x`,
        reason: 'Не удалось разобрать строку: она длиннее 500 символов',
        code: 'too-long',
      },
    ]);
  });

  it('rejects Russian written before Spanish, and a pair glued without a separator', () => {
    expect(pairOf('дом / casa')).toBe('russian-first');
    expect(pairOf('casaдом')).toBe('no-separator');
    expect(parseWordLines('дом / casa').rejected[0]?.reason).toBe(WORD_LINE_REJECT_REASONS['russian-first']);
  });
});

describe('clean-up', () => {
  it.each([
    ['1. casa / дом'],
    ['1) casa / дом'],
    ['12. casa / дом'],
    ['(3) casa / дом'],
    ['12 - casa - дом'],
    ['7\tcasa\tдом'],
    ['- casa / дом'],
    ['– casa / дом'],
    ['• casa / дом'],
    ['* casa / дом'],
    ['1. - casa / дом'],
    ['"casa" / «дом»'],
    ["'casa' / 'дом'"],
    ['“casa” / „дом“'],
    ['"casa / дом"'],
    ['(casa) / (дом)'],
    ['🏠 casa / дом 🏡'],
    ['casa 🏠 / 🇷🇺 дом'],
    ['1️⃣ casa / дом'],
    ['👍🏽 casa / дом'],
    ['casa / дом;'],
    ['casa / дом,'],
    ['casa; / дом.'],
    ['  casa   /   дом  '],
    ['\u200Bcasa / дом\u200E'],
  ])('%j → casa + дом', (line) => {
    expect(pairOf(line)).toEqual(['casa', 'дом']);
  });

  it('collapses inner whitespace and lists the bullet word alone', () => {
    expect(pairOf('el   perro \u00A0 grande   /   большая   собака')).toEqual([
      'el perro grande',
      'большая собака',
    ]);
    expect(pairOf('• casa')).toEqual(['casa', null]);
  });

  it('keeps quotes inside a phrase', () => {
    expect(pairOf('el "coche" rojo / красная машина')).toEqual(['el "coche" rojo', 'красная машина']);
  });

  it('normalises to NFC', () => {
    const decomposed = 'cafe\u0301 / кофе';
    const [spanish] = pairOf(decomposed) as [string, string];
    expect(spanish).toBe('café');
    expect(spanish).toHaveLength(4);
  });

  it('replaces an emoji between the words with a gap that separates them', () => {
    expect(pairOf('casa 🏠 дом')).toEqual(['casa', 'дом']);
  });

  it('does not take a number in front of a word without a marker for numbering', () => {
    expect(pairOf('2 casas / 2 дома')).toEqual(['2 casas', '2 дома']);
  });
});

describe('lines and numbering', () => {
  it('counts lines with CRLF, CR and LF, and a final newline opens no line', () => {
    expect(splitLines('')).toEqual([]);
    expect(splitLines('a')).toEqual(['a']);
    expect(splitLines('a\n')).toEqual(['a']);
    expect(splitLines('a\n\n')).toEqual(['a', '']);
    expect(splitLines('\n')).toEqual(['']);
    expect(splitLines('a\r\nb\rc\nd')).toEqual(['a', 'b', 'c', 'd']);
    expect(splitLines('a\n\rb')).toEqual(['a', '', 'b']);
    expect(splitLines('\uFEFFa\r\n')).toEqual(['a']);
    expect(splitLines('\uFEFF')).toEqual([]);
  });

  it('records blank lines apart, with their numbers', () => {
    const parsed = parseWordLines('\r\ncasa / дом\r\n   \r\n\t\r\nperro / собака\r\n\r\n');
    expect(parsed.blankLineNumbers).toEqual([1, 3, 4, 6]);
    expect(parsed.entries.map((entry) => [entry.lineNumber, entry.spanish, entry.russian])).toEqual([
      [2, 'casa', 'дом'],
      [5, 'perro', 'собака'],
    ]);
    expect(parsed.rejected).toEqual([]);
  });

  it('takes a line of invisible characters for blank', () => {
    expect(parseWordLines('casa / дом\n\u200B\u200E \u00A0\nperro').blankLineNumbers).toEqual([2]);
  });

  it('drops a BOM at the start and keeps the raw line without its terminator', () => {
    const parsed = parseWordLines('\uFEFFcasa / дом\r\nperro / собака\r\n');
    expect(parsed.entries).toEqual([
      { lineNumber: 1, spanish: 'casa', russian: 'дом', raw: 'casa / дом' },
      { lineNumber: 2, spanish: 'perro', russian: 'собака', raw: 'perro / собака' },
    ]);
  });

  it('parses a mixed 30-line list and accounts for every line', () => {
    const lines = [
      '1. el perro / собака',
      '2. la casa | дом',
      '3) el gato\tкошка',
      'la mesa    стол',
      '- el libro – книга',
      '• el agua — вода',
      '"la silla" / «стул»',
      '🍎 la manzana / яблоко 🍏',
      '',
      'bien-estar - благополучие',
      'el e-mail / электронная почта',
      '¿Qué tal? / Как дела?',
      'hablar / говорить, разговаривать',
      'comer',
      'дом',
      '   ',
      'la ventana = окно',
      'la puerta : дверь',
      'el coche / машина;',
      'la calle / улица,',
      'дом / casa',
      '12 - el árbol - дерево',
      'el sol / солнце.',
      'la luna',
      'casa / house',
      'el / la estudiante / студент / студентка',
      '\t',
      'el tren → поезд',
      'la playa, пляж',
      'el mar / море',
    ];
    expect(lines).toHaveLength(30);
    const parsed = parseWordLines(lines.join('\r\n'));
    expect(totalLines(parsed)).toBe(30);
    expect(allLineNumbers(parsed)).toEqual(Array.from({ length: 30 }, (_, index) => index + 1));
    expect(parsed.blankLineNumbers).toEqual([9, 16, 27]);
    expect(parsed.rejected.map((line) => [line.lineNumber, line.code])).toEqual([
      [15, 'no-spanish'],
      [21, 'russian-first'],
    ]);
    expect(parsed.entries.map((entry) => [entry.spanish, entry.russian])).toEqual([
      ['el perro', 'собака'],
      ['la casa', 'дом'],
      ['el gato', 'кошка'],
      ['la mesa', 'стол'],
      ['el libro', 'книга'],
      ['el agua', 'вода'],
      ['la silla', 'стул'],
      ['la manzana', 'яблоко'],
      ['bien-estar', 'благополучие'],
      ['el e-mail', 'электронная почта'],
      ['¿Qué tal?', 'Как дела?'],
      ['hablar', 'говорить, разговаривать'],
      ['comer', null],
      ['la ventana', 'окно'],
      ['la puerta', 'дверь'],
      ['el coche', 'машина'],
      ['la calle', 'улица'],
      ['el árbol', 'дерево'],
      ['el sol', 'солнце'],
      ['la luna', null],
      ['casa', 'house'],
      ['el / la estudiante', 'студент / студентка'],
      ['el tren', 'поезд'],
      ['la playa', 'пляж'],
      ['el mar', 'море'],
    ]);
  });
});

/** Characters that stress the parser: both scripts, every separator, marks, emoji, odd whitespace. */
const TRICKY = [
  ...Array.from('aéñü¿?¡!zдомЖёъ /|\t-–—=:;,.\'"«»()[]•*1209'),
  ' ',
  '\u00A0',
  '\u200B',
  '\u200D',
  '\uFE0F',
  '\u20E3',
  '\u0301',
  '\uFEFF',
  '🏠',
  '👍🏽',
  '🇷🇺',
  '->',
  '=>',
  '→',
];
const trickyText = fc.string({ unit: fc.constantFrom(...TRICKY), maxLength: 40 });
const lineBreak = fc.constantFrom('\n', '\r\n', '\r');
/** A line: anything but a line terminator, and no BOM where it would be taken for the file's mark. */
const anyLine = fc
  .oneof(fc.string({ unit: 'binary', maxLength: 30 }), trickyText)
  .map((line) => line.replace(/[\r\n]/g, ''));

describe('properties', () => {
  it('never throws and accounts for every line, for any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme' }), trickyText),
        (text) => {
          const parsed = parseWordLines(text);
          const count = splitLines(text).length;
          expect(totalLines(parsed)).toBe(count);
          expect(allLineNumbers(parsed)).toEqual(Array.from({ length: count }, (_, index) => index + 1));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('numbers lines joined by mixed terminators exactly, each line once, raw kept', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(anyLine, lineBreak), { maxLength: 25 }), (pairs) => {
        fc.pre(!pairs[0]?.[0].startsWith('\uFEFF'));
        // A lone CR followed by an empty line ended by LF reads as one CRLF: spell that line's end as CRLF.
        const text = pairs
          .map(([line, terminator], index) => {
            const next = pairs[index + 1];
            const merges = terminator === '\r' && next?.[0] === '' && next[1].startsWith('\n');
            return line + (merges ? '\r\n' : terminator);
          })
          .join('');
        const parsed = parseWordLines(text);
        expect(totalLines(parsed)).toBe(pairs.length);
        const numbers = allLineNumbers(parsed);
        expect(new Set(numbers).size).toBe(numbers.length);
        expect(numbers.every((number) => number >= 1 && number <= pairs.length)).toBe(true);
        for (const line of [...parsed.entries, ...parsed.rejected]) {
          expect(line.raw).toBe(pairs[line.lineNumber - 1]?.[0]);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('every entry has Latin Spanish without Cyrillic, trimmed, single-spaced, emoji-free', () => {
    fc.assert(
      fc.property(fc.array(anyLine, { maxLength: 20 }), (lines) => {
        for (const entry of parseWordLines(lines.join('\n')).entries) {
          expect(entry.spanish).toMatch(/\p{Script=Latin}/u);
          expect(entry.spanish).not.toMatch(/\p{Script=Cyrillic}/u);
          for (const side of [entry.spanish, entry.russian ?? 'x']) {
            expect(side).toBe(side.trim());
            expect(side).not.toMatch(/\s\s|[\t\r\n]|\p{Extended_Pictographic}/u);
            expect(side).toBe(side.normalize('NFC'));
          }
          expect(entry.russian).not.toBe('');
        }
      }),
      { numRuns: 500 },
    );
  });

  it('reads back a clean pair in every documented format', () => {
    const latinWord = fc.string({
      unit: fc.constantFrom(...Array.from('abcdeéfghiíjlmnñoóprstuúvz')),
      minLength: 1,
      maxLength: 8,
    });
    const cyrillicWord = fc.string({
      unit: fc.constantFrom(...Array.from('абвгдеёжзийклмнопрстуфхцчшщъыьэюя')),
      minLength: 1,
      maxLength: 8,
    });
    const spanish = fc.array(latinWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(' '));
    const russian = fc.array(cyrillicWord, { minLength: 1, maxLength: 3 }).map((words) => words.join(', '));
    const format = fc.constantFrom(' / ', ' | ', '\t', '  ', ' - ', ' – ', ' — ', ' = ', ' : ', '/', '|');
    fc.assert(
      fc.property(spanish, russian, format, (es, ru, separator) => {
        expect(pairOf(`${es}${separator}${ru}`)).toEqual([es, ru]);
      }),
      { numRuns: 300 },
    );
  });
});

describe('control characters and broken characters', () => {
  it('are removed from every line before it is read; line numbers hold', () => {
    const parsed = parseWordLines(
      [
        'la ca\u0000sa / дом',
        '\u0000\u0007',
        'el\u001B perro\uD83D\t\u0085собака',
        '\uDC00 / кот',
        'el sol / солнце',
      ].join('\n'),
    );
    expect(
      parsed.entries.map(({ lineNumber, spanish, russian, raw }) => [lineNumber, spanish, russian, raw]),
    ).toEqual([
      [1, 'la casa', 'дом', 'la ca\u0000sa / дом'],
      [3, 'el perro', 'собака', 'el\u001B perro\uD83D\t\u0085собака'],
      [5, 'el sol', 'солнце', 'el sol / солнце'],
    ]);
    expect(parsed.blankLineNumbers).toEqual([2]);
    expect(parsed.rejected.map(({ lineNumber, code, raw }) => [lineNumber, code, raw])).toEqual([
      [4, 'no-spanish', '\uDC00 / кот'],
    ]);
  });

  it('leave nothing PostgreSQL refuses in any line, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const parsed = parseWordLines(text);
        const texts = [
          ...parsed.entries.flatMap((entry) => [entry.spanish, entry.russian ?? '']),
          ...[...parsed.entries, ...parsed.rejected].map((line) => withoutControlCharacters(line.raw)),
        ];
        for (const value of texts) {
          expect(isStorableText(value)).toBe(true);
          // Storable as JSON too (the job's input is jsonb): no escape of a lone surrogate.
          expect(JSON.stringify(value)).not.toMatch(/\\u(?:0000|d[89a-f])/iu);
        }
        expect(totalLines(parsed)).toBe(splitLines(text).length);
      }),
      { numRuns: 300 },
    );
  });
});
