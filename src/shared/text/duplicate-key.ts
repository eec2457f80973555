import { stripEmoji } from './spoken-text';

/**
 * docs/product/upload.md#duplicate-key: two uploads of the same Spanish word must meet, whatever the learner
 * typed around it, so the duplicate check (against the dictionary and inside one upload) compares this key.
 * Accents stay (papa ≠ papá): they change the word.
 */
export function duplicateKeyOf(spanish: string): string {
  const plain = stripEmoji(spanish.normalize('NFC').replace(INVISIBLE, ''))
    .toLowerCase()
    .replace(TRAILING_PUNCTUATION, '');
  return stripLeadingArticle(plain);
}

/**
 * 'el perro' → 'perro'; the case of the rest is kept. An article with nothing after it ('la', 'lo', a note
 * on its own) is the entry itself and stays, as does 'el/la estudiante' (no space after the article).
 */
export function stripLeadingArticle(spanish: string): string {
  const trimmed = spanish.trim();
  const article = LEADING_ARTICLE.exec(trimmed);
  return article ? trimmed.slice(article[0].length) : trimmed;
}

const LEADING_ARTICLE = /^(?:el|la|los|las|un|una|unos|unas|lo)\s+(?=.*\p{L})/iu;
/** Zero-width and bidi marks and stray variation selectors: invisible, yet they would make keys differ. */
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0F]/gu;
/**
 * '.', ',', ';', '!', '?', '…', closing quotes… at the end. Dashes are kept so a prefix entry ('pre-')
 * stays apart from the word ('pre').
 */
const TRAILING_PUNCTUATION = /(?:\s|(?!\p{Pd})\p{P})+$/u;
