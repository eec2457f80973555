import type { WordListItem } from '../../../../shared/api/words';
import type { PlayerWord } from '../../../lib/audio/learn-player.types';

/**
 * The words a Learn session goes through (docs/product/learn.md#word-list): the active, non-hidden
 * words plus the due spaced-repetition words, each once, in the server's order. When the navigation bar
 * asked for it (sortWordsOnNextLearn), the least listened come first; the sort is stable, so equal counts
 * keep their order. Words mastered in review leave the active ones when the learner chose so
 * (docs/product/review.md#learn-and-audiobooks); the spaced-repetition words stay as they are.
 */
export function buildLearnList(
  words: readonly WordListItem[],
  dueWords: readonly WordListItem[],
  isSortedByListens: boolean,
  masteredInReview: ReadonlySet<number> = new Set(),
): PlayerWord[] {
  const dueIds = new Set(dueWords.map((word) => word.id));
  const seen = new Set<number>();
  const list: PlayerWord[] = [];
  const add = (word: WordListItem) => {
    if (seen.has(word.id)) return;
    seen.add(word.id);
    list.push(toPlayerWord(word, dueIds.has(word.id)));
  };
  for (const word of words) {
    if (word.isActive && !word.isHidden && !masteredInReview.has(word.id)) add(word);
  }
  for (const word of dueWords) add(word);
  return isSortedByListens ? list.sort((a, b) => a.attempts - b.attempts) : list;
}

function toPlayerWord(word: WordListItem, isSpacedRepetitionDue: boolean): PlayerWord {
  return {
    id: word.id,
    spanish: word.spanish,
    russian: word.russian,
    example: word.example,
    exampleTranslation: word.exampleTranslation,
    attempts: word.attempts,
    audioData: word.audioData,
    russianAudioData: word.russianAudioData,
    secondVoiceAudioData: word.secondVoiceAudioData,
    imageUrl: word.imageUrl,
    isActive: word.isActive,
    isSpacedRepetitionDue,
    highlightedSpanishWord: word.highlightedSpanishWord,
    highlightedRussianWord: word.highlightedRussianWord,
    disabledAt: word.disabledAt,
    needsTranslation: word.needsTranslation,
  };
}
