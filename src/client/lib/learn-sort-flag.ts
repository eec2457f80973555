import { writeStorage } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/** Asks the Learn screen to sort its word list once on its next visit (spec part 1 §2). */
export function markLearnListForSorting(): void {
  writeStorage(STORAGE_KEYS.sortWordsOnNextLearn, 'true');
}
