import type { CardSpeechSource } from '../../../shared/text/spoken-text';
import type { DictionaryRepository } from '../dictionary/dictionary.repository';
import { speakCard } from './card-audio.step';
import type { LocalAnalysis } from './word-analysis.step';

/**
 * Stores a word's new example, translation and highlights with the card audio spoken anew for them: the
 * step a single word's regenerate-phrase and the regenerate-all-phrases job share. A clip that fails stays
 * empty, for the player to synthesise on demand. False when the word is gone meanwhile.
 */
export async function savePhraseWithAudio(
  deps: Omit<Parameters<typeof speakCard>[0], 'onError'> & {
    dictionary: Pick<DictionaryRepository, 'updatePhrase'>;
  },
  word: Pick<CardSpeechSource, 'spanish' | 'russian'> & { id: number },
  analysis: LocalAnalysis & { example: string },
): Promise<boolean> {
  const audio = await speakCard(
    { ...deps, onError: () => undefined },
    { ...word, example: analysis.example, exampleTranslation: analysis.exampleTranslation },
    { wordId: word.id, isForced: true },
  );
  return deps.dictionary.updatePhrase(deps.userId, word.id, {
    example: analysis.example,
    exampleTranslation: analysis.exampleTranslation,
    highlightedSpanishWord: analysis.highlightedSpanishWord,
    highlightedRussianWord: analysis.highlightedRussianWord,
    ...audio,
  });
}
