import { foldForSearch } from '../text/search-fold';
import { stripLeadingArticle } from '../text/duplicate-key';

/**
 * A typed answer checked against the Spanish word (docs/product/review.md#typed-answers). Case, spaces and
 * end punctuation never count; a missing or different article and missing accents are tolerated (the
 * answer is `close`: right, with the difference shown), anything else is `wrong`. The learner still
 * grades themselves: the check only says what they typed.
 */
export type AnswerVerdict = 'exact' | 'close' | 'wrong';

/**
 * One step of the letter-by-letter comparison: a letter both have, a letter that differs only by its
 * accent, one that differs, one the answer lacks, one the answer has too many.
 */
export type AnswerDiffPart =
  | { kind: 'same'; typed: string; expected: string }
  | { kind: 'accent'; typed: string; expected: string }
  | { kind: 'wrong'; typed: string; expected: string }
  | { kind: 'missing'; expected: string }
  | { kind: 'extra'; typed: string };

export interface AnswerCheck {
  verdict: AnswerVerdict;
  diff: AnswerDiffPart[];
}

const tidy = (text: string): string =>
  text
    .normalize('NFC')
    .trim()
    .replace(/\s+/gu, ' ')
    .replace(/[\s.,;:!?¡¿…]+$/u, '')
    .replace(/^[¡¿]+/u, '');

export function checkTypedAnswer(typed: string, expected: string): AnswerCheck {
  const answer = tidy(typed);
  const target = tidy(expected);
  return { verdict: verdictOf(answer, target), diff: diffLetters(answer, target) };
}

function verdictOf(answer: string, target: string): AnswerVerdict {
  if (answer.toLowerCase() === target.toLowerCase()) return 'exact';
  const bare = (text: string) => foldForSearch(stripLeadingArticle(text));
  return answer !== '' && bare(answer) === bare(target) ? 'close' : 'wrong';
}

const sameLetter = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
const sameBaseLetter = (a: string, b: string) => foldForSearch(a) === foldForSearch(b);

/**
 * The cheapest alignment of the two texts (Levenshtein, a substitution by a letter's accented form
 * costing less than another letter), read back into steps in text order.
 */
export function diffLetters(typed: string, expected: string): AnswerDiffPart[] {
  const a = Array.from(typed);
  const b = Array.from(expected);
  const width = b.length + 1;
  const substitution = (x: string, y: string) => (sameLetter(x, y) ? 0 : sameBaseLetter(x, y) ? 0.5 : 1);
  // cost[i * width + j]: the cheapest way to turn the first i typed letters into the first j expected.
  const cost = new Float64Array((a.length + 1) * width);
  const costAt = (i: number, j: number): number => cost[i * width + j] ?? 0;
  for (let i = 0; i <= a.length; i += 1) {
    for (let j = 0; j <= b.length; j += 1) {
      const x = a[i - 1];
      const y = b[j - 1];
      cost[i * width + j] =
        x === undefined || y === undefined
          ? i + j
          : Math.min(costAt(i - 1, j - 1) + substitution(x, y), costAt(i - 1, j) + 1, costAt(i, j - 1) + 1);
    }
  }
  const parts: AnswerDiffPart[] = [];
  let i = a.length;
  let j = b.length;
  for (;;) {
    const x = a[i - 1];
    const y = b[j - 1];
    if (x !== undefined && y !== undefined && costAt(i, j) === costAt(i - 1, j - 1) + substitution(x, y)) {
      const kind = sameLetter(x, y) ? 'same' : sameBaseLetter(x, y) ? 'accent' : 'wrong';
      parts.push({ kind, typed: x, expected: y });
      i -= 1;
      j -= 1;
    } else if (x !== undefined && (y === undefined || costAt(i, j) === costAt(i - 1, j) + 1)) {
      parts.push({ kind: 'extra', typed: x });
      i -= 1;
    } else if (y !== undefined) {
      parts.push({ kind: 'missing', expected: y });
      j -= 1;
    } else {
      return parts.reverse();
    }
  }
}
