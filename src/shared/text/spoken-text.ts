/**
 * Emoji, with their joiners, variation selectors, flags and skin-tone modifiers. Extended_Pictographic
 * rather than Emoji: the latter includes the digits 0-9 and '#'. Global: `replace` it, never `test` it.
 */
export const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{200D}|\u{FE0F}|\u{20E3}/gu;

/** Text without emoji, whitespace collapsed. */
export const stripEmoji = (text: string) => text.replace(EMOJI, '').replace(/\s+/g, ' ').trim();

/**
 * What a voice should read (DESIGN §4, pronunciation processing): `** **` markers, emoji and trailing
 * dots removed, the article kept. Also the audio cache's notion of "the same text".
 */
export function spokenText(text: string): string {
  return stripEmoji(text.normalize('NFC').replaceAll('**', ''))
    .replace(/(?:\.|…)+$/u, '')
    .trim();
}
