/**
 * The one rule that says which voices speak a learner's cards (docs/product/providers.md#card-voices): the
 * server makes the clips with it and Settings › Audio shows its answer as the chosen voices, so what the
 * learner sees chosen is what Learn plays.
 */

export type CardVoiceLanguage = 'es' | 'ru';

/** A voice of the learner's voice list, in the list's order: keyed providers first, then the offline ones. */
export interface ListedVoice {
  voiceId: string;
  /** The languages the voice speaks well. */
  languages: readonly CardVoiceLanguage[];
}

export interface CardVoices {
  firstSpanish: string;
  secondSpanish: string;
  russian: string;
}

/**
 * The learner's choice, else the first voices of the list that speak the language, so the two Spanish voices
 * differ whenever the list has two (the built-in list is ordered so that the first two differ in accent and
 * gender). An empty string only when the list has no voice at all for the language.
 */
export function effectiveCardVoices(
  voices: readonly ListedVoice[],
  chosenSpanish: readonly string[],
  chosenRussian: string | null,
): CardVoices {
  const speaking = (language: CardVoiceLanguage) =>
    voices.filter((voice) => voice.languages.includes(language)).map((voice) => voice.voiceId);
  const chosen = chosenSpanish.filter((id) => id.trim() !== '');
  const spanish = [...chosen, ...speaking('es').filter((voice) => !chosen.includes(voice))];
  return {
    firstSpanish: spanish[0] ?? '',
    secondSpanish: spanish[1] ?? spanish[0] ?? '',
    russian: chosenRussian ?? speaking('ru')[0] ?? '',
  };
}
