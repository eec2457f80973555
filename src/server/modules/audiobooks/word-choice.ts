/**
 * Which of the learner's words a new story is asked to use (docs/product/audiobooks.md#word-choice): words
 * due for spaced repetition today first, then active words least listened first, then passive (hidden)
 * words; about one vocabulary word per nine story words; never a word still waiting for its translation.
 */

export interface CandidateWord {
  id: number;
  spanish: string;
  russian: string;
  listenCount: number;
  /** Hidden from study (passive): the learner knows it, or it is in spaced repetition. */
  isPassive: boolean;
  /** Due for spaced repetition today. */
  isDue: boolean;
  /** Saved without a translation (docs/product/upload.md#spanish-only-lines): a story cannot gloss it. */
  needsTranslation: boolean;
}

/** Story words per vocabulary word asked for: one in eight to ten reads naturally. */
export const STORY_WORDS_PER_VOCABULARY_WORD = 9;
const MIN_WORDS = 3;

/** How many vocabulary words a story of this length is asked to use. */
export const vocabularyWordCountFor = (targetWordCount: number): number =>
  Math.max(MIN_WORDS, Math.round(targetWordCount / STORY_WORDS_PER_VOCABULARY_WORD));

const byLeastListened = (a: CandidateWord, b: CandidateWord) => a.listenCount - b.listenCount || a.id - b.id;

/** The words to ask for, in the order they are handed out to chapters. */
export function chooseStoryWords(
  candidates: readonly CandidateWord[],
  targetWordCount: number,
): CandidateWord[] {
  const words = candidates.filter((word) => !word.needsTranslation);
  const due = words.filter((word) => word.isDue).sort(byLeastListened);
  const active = words.filter((word) => !word.isDue && !word.isPassive).sort(byLeastListened);
  const passive = words.filter((word) => !word.isDue && word.isPassive).sort(byLeastListened);
  return [...due, ...active, ...passive].slice(0, vocabularyWordCountFor(targetWordCount));
}

/** Splits the chosen words over the chapters, in order, as evenly as they go (due words land early). */
export function wordsOfChapter<T>(chosen: readonly T[], chapterIndex: number, chapterCount: number): T[] {
  const start = Math.floor((chosen.length * chapterIndex) / chapterCount);
  const end = Math.floor((chosen.length * (chapterIndex + 1)) / chapterCount);
  return chosen.slice(start, end);
}
