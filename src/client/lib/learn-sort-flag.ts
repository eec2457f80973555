import { writeStorage } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/** Asks the Learn screen to sort its word list once on its next visit (docs/product/learn.md#word-list). */
export function markLearnListForSorting(): void {
  writeStorage(STORAGE_KEYS.sortWordsOnNextLearn, 'true');
}
