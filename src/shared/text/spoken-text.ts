/**
 * Emoji, with their joiners, variation selectors, flags and skin-tone modifiers. Extended_Pictographic
 * rather than Emoji: the latter includes the digits 0-9 and '#'. Global: `replace` it, never `test` it.
 */
export const EMOJI =
  /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u{200D}|\u{FE0F}|\u{20E3}/gu;

/** Text without emoji, whitespace collapsed. */
export const stripEmoji = (text: string) => text.replace(EMOJI, '').replace(/\s+/g, ' ').trim();

/**
 * What a voice should read (docs/product/upload.md#stages, pronunciation processing): `** **` markers, emoji
 * and trailing dots removed, the article kept. Also the audio cache's notion of "the same text".
 */
export function spokenText(text: string): string {
  return stripEmoji(text.normalize('NFC').replaceAll('**', ''))
    .replace(/(?:\.|…)+$/u, '')
    .trim();
}

export interface CardSpeechSource {
  spanish: string;
  russian: string;
  example: string | null;
  exampleTranslation: string | null;
}

/**
 * What the card's voices read (docs/product/upload.md#stages): the example sentence when there is one, else
 * the word, and the matching Russian. The server speaks it on upload and the player asks for the same text on
 * demand, so both land on one cached clip (D9).
 */
export function cardSpokenTexts(card: CardSpeechSource): { spanish: string; russian: string } {
  return {
    spanish: spokenText(card.example ?? card.spanish),
    russian: spokenText(card.exampleTranslation ?? card.russian),
  };
}
