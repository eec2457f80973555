import { withoutControlCharacters } from './control-characters';
import { stripEmoji } from './spoken-text';

/**
 * The pure text rules of word upload (docs/product/upload.md#upload-screen,
 * docs/product/upload.md#line-formats, docs/product/upload.md#stages): one line of pasted text or of a .txt
 * file becomes one Spanish–Russian pair. Client (preview) and server (job) both run it, so a learner sees the
 * same line numbers and reasons the job reports.
 *
 * Lines. The text is split on CRLF, CR or LF (each one terminator). A terminator at the very end of the
 * text ends the last line and does not open a new one, so "a\n" is one line and "a\n\n" is two (the
 * second blank); "" is no line at all. A byte-order mark at the start is not content. Control characters
 * (NUL…, TAB kept) and lone surrogates go from every line before anything else
 * (docs/product/upload.md#invisible-characters): lines keep their numbers, a line left with nothing is
 * blank, the rest is read as if they had never been there (`raw` still holds them). Every line lands in exactly one of `entries`,
 * `rejected` or `blankLineNumbers` — nothing the learner typed vanishes.
 *
 * Separators, strongest first: arrow (->, =>, →), |, / with a space beside it, TAB, a dash (-, –, —) with
 * spaces on both sides, =, then, for lines that also hold Cyrillic only: / between letters, – or — or a
 * one-sided hyphen, :, two or more spaces, and finally the plain boundary where Latin text gives way to
 * Cyrillic. A hyphen inside a word (bien-estar, e-mail) is never a separator.
 *
 * Which split wins. Spanish is Latin, Russian is Cyrillic, so on a line with Cyrillic the split must leave
 * Latin and no Cyrillic on the left and some Cyrillic on the right. Among such splits the one whose left
 * side carries no |, =, TAB or arrow wins first (those never belong to a Spanish word), then the one whose
 * right side has no Latin at all (the cleanest script split: 'él / ella / он / она' → 'él / ella' +
 * 'он / она'), then the stronger separator, then the leftmost. On a line with no Cyrillic ('casa / house')
 * only the strong separators (arrow, |, spaced /, TAB, spaced dash, =) split, and the right side is taken
 * as the translation anyway: the learner chose to write it. Weak ones (él/ella, 'Nota: algo', double
 * spaces typed by accident) keep the line whole as Spanish awaiting translation.
 *
 * Clean-up, before splitting: NFC; emoji (keycaps included) and invisible marks out; numbering ('1.',
 * '1)', '(1)', '12 - ', '12<TAB>') and bullets ('- ', '•', '*') off the front — a bare '2 casas' keeps its
 * number, it may be the entry. After splitting, each side: single spaces, wrapping quotes or brackets
 * off, separator leftovers and a final ',', ';', ':' or lone '.' off; '?', '!', '…', articles and inner
 * punctuation stay. Rejected, never guessed: no Latin letter at all; Russian before Spanish ('дом /
 * casa' is not swapped: the learner should see the file is the wrong way round); Latin and Cyrillic
 * glued with no separator; a line over MAX_WORD_LINE_LENGTH.
 */

export type WordLine = {
  /** 1-based, counted as described above. */
  lineNumber: number;
  spanish: string;
  /** null: the line held Spanish only; the job translates it later. */
  russian: string | null;
  /**
   * The line as written, without its terminator (and without a leading byte-order mark); control
   * characters included, so whoever stores it cleans it (withoutControlCharacters).
   */
  raw: string;
};

export type RejectReasonCode = 'no-spanish' | 'russian-first' | 'no-separator' | 'too-long';

export type RejectedLine = {
  lineNumber: number;
  raw: string;
  /** Learner-facing Russian text. */
  reason: string;
  /** The same reason for code that words it in another language. */
  code: RejectReasonCode;
};

export type ParsedWordLines = {
  entries: WordLine[];
  rejected: RejectedLine[];
  blankLineNumbers: number[];
};

/**
 * A word, a phrase or a sentence with its translation fits easily; a longer line is a pasted paragraph.
 * The cap also keeps the parser's work per line small whatever a crafted 1 MB file holds.
 */
export const MAX_WORD_LINE_LENGTH = 500;

export const WORD_LINE_REJECT_REASONS: Readonly<Record<RejectReasonCode, string>> = {
  'no-spanish': 'Не удалось разобрать строку: нет испанского слова',
  'russian-first': 'Не удалось разобрать строку: испанское слово должно стоять перед переводом',
  'no-separator': 'Не удалось разобрать строку: не найден разделитель между испанским словом и переводом',
  'too-long': `Не удалось разобрать строку: она длиннее ${MAX_WORD_LINE_LENGTH} символов`,
};

const LINE_BREAK = /\r\n|\r|\n/;
const BOM = '\uFEFF';

/** The lines of a text, by the rule in the header comment; `countLines` and the parser share it. */
export function splitLines(text: string): string[] {
  const body = text.startsWith(BOM) ? text.slice(BOM.length) : text;
  if (body === '') return [];
  const lines = body.split(LINE_BREAK);
  if (lines.at(-1) === '') lines.pop();
  return lines;
}

export function parseWordLines(text: string): ParsedWordLines {
  const parsed: ParsedWordLines = { entries: [], rejected: [], blankLineNumbers: [] };
  splitLines(text).forEach((raw, index) => {
    const lineNumber = index + 1;
    const clean = withoutControlCharacters(raw);
    if (INVISIBLE_ONLY.test(clean)) {
      parsed.blankLineNumbers.push(lineNumber);
      return;
    }
    const line = parseLine(clean);
    if (line.ok) parsed.entries.push({ lineNumber, spanish: line.spanish, russian: line.russian, raw });
    else
      parsed.rejected.push({ lineNumber, raw, reason: WORD_LINE_REJECT_REASONS[line.code], code: line.code });
  });
  return parsed;
}

/** Whitespace and characters nobody sees (zero-width, bidi marks, soft hyphen, variation selectors). */
const INVISIBLE_ONLY = /^[\s\p{Cf}\uFE00-\uFE0F]*$/u;
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0E]/gu;
/** 1️⃣: stripping the emoji parts alone would leave a stray digit that reads as numbering or Spanish. */
const KEYCAP = /[0-9#*]\uFE0F?\u20E3/gu;

/** Numbering and bullets in front of a line; applied repeatedly ('1. - casa'). */
const LIST_MARKERS: readonly RegExp[] = [
  /^(?:\(\d{1,4}\)|\[\d{1,4}\]|\d{1,4}[.)\]:](?!\d))\s*/u,
  // '12 - casa - дом', '12<TAB>casa<TAB>дом': the number is a column of its own.
  /^\d{1,4}(?:\s+[-–—]+\s+|[ ]*\t\s*)/u,
  /^[•·▪◦‣∙●○■□►▸▹→⁃*+]+\s*/u,
  // A hyphen bullet needs a space after it: '-ción' is a suffix a learner may well upload.
  /^[-–—]+\s+/u,
  /^[–—]+/u,
];

type Kind =
  | 'arrow'
  | 'bar'
  | 'slash'
  | 'tab'
  | 'dash'
  | 'equals'
  | 'tight-slash'
  | 'tight-dash'
  | 'colon'
  | 'spaces'
  | 'boundary';

/** Precedence, strongest first. */
const KINDS: readonly Kind[] = [
  'arrow',
  'bar',
  'slash',
  'tab',
  'dash',
  'equals',
  'tight-slash',
  'tight-dash',
  'colon',
  'spaces',
  'boundary',
];
/** Separators that split a line without Cyrillic too: nobody writes them inside a Spanish word by chance. */
const STRONG_KINDS: ReadonlySet<Kind> = new Set(['arrow', 'bar', 'slash', 'tab', 'dash', 'equals']);
/** Characters that never belong to a Spanish entry; a left side holding one is a poor split. */
const HARD_SEPARATOR = /[|=\t→⇒⟶]|->/u;

// Cores only, no surrounding whitespace: a pattern like /\s*\|\s*/ backtracks quadratically on long
// runs of spaces. The whitespace around a core is trimmed off the sides anyway.
const SEPARATOR_CORE =
  /-+>|=+>|[→⇒⟶]|\|+|\/+|\t+|[-–—]+|=+|:+|[ \f\v\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000]{2,}/gu;

type Candidate = { kind: Kind; start: number; end: number };
type LineResult =
  { ok: true; spanish: string; russian: string | null } | { ok: false; code: RejectReasonCode };

function parseLine(raw: string): LineResult {
  if (raw.trim().length > MAX_WORD_LINE_LENGTH) return { ok: false, code: 'too-long' };
  const line = stripListMarkers(withoutEmoji(raw.normalize('NFC')).replace(INVISIBLE, '').trim());
  const letters = letterCounts(line);
  const latinIn = (from: number, to: number) => (letters.latin[to] ?? 0) - (letters.latin[from] ?? 0);
  const cyrillicIn = (from: number, to: number) =>
    (letters.cyrillic[to] ?? 0) - (letters.cyrillic[from] ?? 0);
  const length = line.length;

  if (latinIn(0, length) === 0) return { ok: false, code: 'no-spanish' };

  const candidates = findCandidates(line);
  if (cyrillicIn(0, length) === 0) {
    const split = candidates
      .filter((candidate) => STRONG_KINDS.has(candidate.kind) && latinIn(0, candidate.start) > 0)
      .sort((a, b) => KINDS.indexOf(a.kind) - KINDS.indexOf(b.kind) || a.start - b.start)[0];
    if (!split) return { ok: true, spanish: cleanSide(line), russian: null };
    const russian = cleanSide(line.slice(split.end));
    return { ok: true, spanish: cleanSide(line.slice(0, split.start)), russian: russian || null };
  }

  // Where the first |, =, TAB or arrow ends: any left side reaching that far holds one.
  const hardSeparator = HARD_SEPARATOR.exec(line);
  const hardSeparatorEnd = hardSeparator ? hardSeparator.index + hardSeparator[0].length : Infinity;
  const boundary = scriptBoundary(line);
  if (boundary) candidates.push(boundary);
  const scored = candidates
    .filter(
      ({ start, end }) => latinIn(0, start) > 0 && cyrillicIn(0, start) === 0 && cyrillicIn(end, length) > 0,
    )
    .map((candidate) => ({
      candidate,
      score: [
        hardSeparatorEnd <= candidate.start ? 1 : 0,
        latinIn(candidate.end, length) > 0 ? 1 : 0,
        KINDS.indexOf(candidate.kind),
        candidate.start,
      ],
    }))
    .sort((a, b) => compareScores(a.score, b.score));
  const best = scored[0]?.candidate;
  if (!best) {
    return { ok: false, code: firstLetterIsCyrillic(line) ? 'russian-first' : 'no-separator' };
  }
  return {
    ok: true,
    spanish: cleanSide(line.slice(0, best.start)),
    russian: cleanSide(line.slice(best.end)),
  };
}

/**
 * Emoji out, spacing kept: `stripEmoji` collapses whitespace, which would erase a TAB or double-space
 * separator, so it runs on each whitespace-free piece. 'casa 🏠 дом' keeps a gap where the emoji was.
 */
function withoutEmoji(text: string): string {
  return text
    .replace(KEYCAP, '')
    .split(/(\s+)/u)
    .map((piece, index) => (index % 2 === 1 ? piece : stripEmoji(piece)))
    .join('');
}

function stripListMarkers(line: string): string {
  let current = line;
  for (let previous = ''; previous !== current;) {
    previous = current;
    for (const marker of LIST_MARKERS) current = current.replace(marker, '');
  }
  return current;
}

/** Prefix counts of Latin and Cyrillic letters, by UTF-16 index, so every candidate is judged in O(1). */
function letterCounts(line: string): { latin: number[]; cyrillic: number[] } {
  const latin = [0];
  const cyrillic = [0];
  for (let index = 0; index < line.length; index++) {
    const code = line.charCodeAt(index);
    // A low surrogate was counted with its high half.
    const char = code >= 0xdc00 && code <= 0xdfff ? '' : String.fromCodePoint(line.codePointAt(index) ?? 0);
    latin.push((latin[index] ?? 0) + (LATIN.test(char) ? 1 : 0));
    cyrillic.push((cyrillic[index] ?? 0) + (CYRILLIC.test(char) ? 1 : 0));
  }
  return { latin, cyrillic };
}

const LATIN = /\p{Script=Latin}/u;
const CYRILLIC = /\p{Script=Cyrillic}/u;

function findCandidates(line: string): Candidate[] {
  const candidates: Candidate[] = [];
  for (const match of line.matchAll(SEPARATOR_CORE)) {
    const start = match.index;
    const end = start + match[0].length;
    const kind = kindOf(match[0], /\s/u.test(line[start - 1] ?? ''), /\s/u.test(line[end] ?? ''));
    if (kind) candidates.push({ kind, start, end });
  }
  return candidates;
}

function kindOf(core: string, spaceBefore: boolean, spaceAfter: boolean): Kind | null {
  const first = core[0];
  if (core.endsWith('>') || first === '→' || first === '⇒' || first === '⟶') return 'arrow';
  switch (first) {
    case '|':
      return 'bar';
    case '/':
      return spaceBefore || spaceAfter ? 'slash' : 'tight-slash';
    case '\t':
      return 'tab';
    case '=':
      return 'equals';
    case ':':
      return 'colon';
    case '-':
    case '–':
    case '—':
      if (spaceBefore && spaceAfter) return 'dash';
      // A hyphen with no space on either side joins a word: bien-estar, e-mail.
      if (first !== '-' || spaceBefore || spaceAfter) return 'tight-dash';
      return null;
    default:
      return 'spaces';
  }
}

const OPENING_MARKS = /[«"“„'‘‚‹([]/u;
const BOUNDARY_GAP = /[\s,;:/|=\-–—]/u;

/**
 * 'casa дом', 'casa, дом', 'casa-дом': where Latin text gives way to Cyrillic through spaces or
 * separator marks, the scripts themselves separate the pair. Opening quotes and brackets go right.
 */
function scriptBoundary(line: string): Candidate | null {
  const firstCyrillic = CYRILLIC.exec(line)?.index;
  if (firstCyrillic === undefined) return null;
  let end = firstCyrillic;
  while (end > 0 && OPENING_MARKS.test(line[end - 1] ?? '')) end--;
  let start = end;
  while (start > 0 && BOUNDARY_GAP.test(line[start - 1] ?? '')) start--;
  return start < end ? { kind: 'boundary', start, end } : null;
}

function firstLetterIsCyrillic(line: string): boolean {
  const letter = /\p{L}/u.exec(line)?.[0];
  return letter !== undefined && CYRILLIC.test(letter);
}

function compareScores(a: readonly number[], b: readonly number[]): number {
  for (let index = 0; index < a.length; index++) {
    const difference = (a[index] ?? 0) - (b[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

const QUOTES = `"'«»„“”‘’‚‹›「」`;
const QUOTE = new RegExp(`[${QUOTES}]`, 'u');
const QUOTES_ANYWHERE = new RegExp(`[${QUOTES}]`, 'gu');
const LEADING_JUNK = /^(?:-+>|=+>|[→⇒⟶]|[|/=:;,]+|[-–—]+(?=\s))\s*/u;
// A lone final dot goes (a list written as sentences); an ellipsis stays. '?' and '!' belong to phrases.
const TRAILING_JUNK = /\s*(?:-+>|=+>|[→⇒⟶]|[|/=:;,]+|(?<=\s)[-–—]+|(?<!\.)\.)$/u;

/** One side of a pair as stored: single spaces, no separator leftovers, no wrapping quotes or brackets. */
function cleanSide(side: string): string {
  let text = side.replace(/\s+/gu, ' ').trim();
  for (let previous = ''; previous !== text;) {
    previous = text;
    text = unwrap(text.replace(LEADING_JUNK, '').replace(TRAILING_JUNK, '').trim()).trim();
  }
  return text.normalize('NFC');
}

/**
 * "casa", «дом», 'casa', (дом) lose their wrapping. A quote left alone at one edge goes too: a whole line
 * in quotes ("casa / дом") leaves one on each side. Quotes inside ('el "coche" rojo') stay.
 */
function unwrap(text: string): string {
  const first = text[0] ?? '';
  const last = text.at(-1) ?? '';
  const inner = text.slice(1, -1);
  if (text.length >= 2) {
    if (QUOTE.test(first) && QUOTE.test(last) && !QUOTE.test(inner)) return inner;
    if (first === '(' && last === ')' && !/[()]/u.test(inner)) return inner;
    if (first === '[' && last === ']' && !/[[\]]/u.test(inner)) return inner;
  }
  const quoteCount = text.match(QUOTES_ANYWHERE)?.length ?? 0;
  if (quoteCount === 1 && QUOTE.test(first)) return text.slice(1);
  if (quoteCount === 1 && QUOTE.test(last)) return text.slice(0, -1);
  return text;
}
