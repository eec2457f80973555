/**
 * localStorage that never throws: private browsing modes and disabled storage raise on access,
 * and no preference is worth a blank screen.
 */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function defaultStorage(): KeyValueStorage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(
  key: string,
  storage: KeyValueStorage | undefined = defaultStorage(),
): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(
  key: string,
  value: string,
  storage: KeyValueStorage | undefined = defaultStorage(),
): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // Storage full or disabled: the preference simply is not remembered.
  }
}

export function removeStorage(key: string, storage: KeyValueStorage | undefined = defaultStorage()): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Disabled storage holds nothing to remove.
  }
}
