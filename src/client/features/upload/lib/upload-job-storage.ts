import { type KeyValueStorage, readStorage, removeStorage, writeStorage } from '../../../lib/local-storage';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { parseStoredUploadJob, type StoredUploadJob } from './upload-job-state';

/** The watched upload job survives a reload (and a closed tab) until the learner closes its panel. */
export function readStoredUploadJob(storage?: KeyValueStorage): StoredUploadJob | null {
  return parseStoredUploadJob(readStorage(STORAGE_KEYS.uploadJob, storage));
}

export function writeStoredUploadJob(job: StoredUploadJob, storage?: KeyValueStorage): void {
  writeStorage(STORAGE_KEYS.uploadJob, JSON.stringify(job), storage);
}

export function clearStoredUploadJob(storage?: KeyValueStorage): void {
  removeStorage(STORAGE_KEYS.uploadJob, storage);
}
