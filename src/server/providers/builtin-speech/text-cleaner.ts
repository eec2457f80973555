import { spokenText } from '../../../shared/text/spoken-text';

/**
 * What spokenText leaves that eSpeak would still read aloud: flags (pairs of regional-indicator letters,
 * which are not pictographs in Unicode's sense) and the underscores of fill-in-the-blank sentences.
 */
const UNSPOKEN = /[\u{1F1E6}-\u{1F1FF}_]/gu;

/** A few thousand characters already make minutes of audio; longer is a mistake, not a sentence. */
export const MAX_SPOKEN_CHARACTERS = 3000;

/**
 * The text as eSpeak should read it: the app's spoken form (no `** **` markers, emoji or trailing dots)
 * minus what eSpeak would still name aloud, on one line. Returns '' when nothing speakable is left.
 */
export function cleanTextForSpeech(text: string): string {
  const cleaned = spokenText(text)
    .replace(UNSPOKEN, ' ')
    .replace(/\s+/g, ' ')
    // Where an emoji stood before punctuation: harmless to eSpeak, but tidier in logs.
    .replace(/ (?=[.,!?;:…])/g, '')
    .trim();
  return /[\p{L}\p{N}]/u.test(cleaned) ? cleaned : '';
}
