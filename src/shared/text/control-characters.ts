/**
 * Characters no learner types or sees and PostgreSQL may refuse (docs/product/upload.md#invisible-characters):
 * NUL and the other control characters, and lone surrogates, the halves of a character cut in two (most
 * often an emoji split by a truncated copy or a damaged file).
 */

/** C0 controls except TAB, LF, VT, FF and CR (whitespace the line rules read), DEL and the C1 controls. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]/gu;
/** In a `u` pattern a surrogate class matches only a half standing alone; a whole pair is one code point. */
const LONE_SURROGATE = /[\uD800-\uDFFF]/gu;
/** What the database refuses outright: NUL in text and JSON, a lone surrogate in JSON. */
// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** The text without control characters (TAB and line breaks stay) and without lone surrogates. */
export function withoutControlCharacters(text: string): string {
  return text.replace(CONTROL, '').replace(LONE_SURROGATE, '');
}

/** False when the text holds a NUL or a lone surrogate: a request field with one is refused. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}
