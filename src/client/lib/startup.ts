import type { QueryClient } from '@tanstack/react-query';
import { readStorage, writeStorage, type KeyValueStorage } from './local-storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * Bump when routes change in a way that old cached pages or data would break; every browser then
 * clears its caches once (docs/product/overview.md#client-constants).
 */
export const ROUTER_VERSION = '2';

interface ServiceWorkerHost {
  serviceWorker?: { getRegistrations(): Promise<readonly { unregister(): Promise<boolean> }[]> };
}

/** An earlier build shipped a service worker that served stale pages; no build registers one now. */
export async function unregisterServiceWorkers(
  // Node has no navigator before version 21 (unit tests), so there may be none at all.
  host: ServiceWorkerHost | undefined = typeof navigator === 'undefined' ? undefined : navigator,
) {
  const container = host?.serviceWorker;
  if (!container) return;
  try {
    const registrations = await container.getRegistrations();
    await Promise.all(registrations.map((registration) => registration.unregister()));
  } catch {
    // Unregistering is best effort: a failure here must not stop the app from starting.
  }
}

interface CacheStore {
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

export interface CacheResetDeps {
  queryClient: Pick<QueryClient, 'clear'>;
  cacheStorage?: CacheStore | undefined;
  storage?: KeyValueStorage | undefined;
}

/**
 * Clears the query cache and CacheStorage once per router version; returns whether it did. The query cache and
 * the marker change at once, so a request the page starts right after is not cleared away; the old CacheStorage
 * entries go in the background (`cacheCleared`), so the page's first requests do not wait for them.
 */
export function resetCachesOnRouterVersionChange(deps: CacheResetDeps): {
  didReset: boolean;
  cacheCleared: Promise<void>;
} {
  if (readStorage(STORAGE_KEYS.routerVersion, deps.storage) === ROUTER_VERSION) {
    return { didReset: false, cacheCleared: Promise.resolve() };
  }
  deps.queryClient.clear();
  writeStorage(STORAGE_KEYS.routerVersion, ROUTER_VERSION, deps.storage);
  return { didReset: true, cacheCleared: clearCacheStorage(deps.cacheStorage) };
}

async function clearCacheStorage(cacheStorage: CacheStore | undefined): Promise<void> {
  if (!cacheStorage) return;
  try {
    const names = await cacheStorage.keys();
    await Promise.all(names.map((name) => cacheStorage.delete(name)));
  } catch {
    // CacheStorage is unavailable on insecure origins; there is nothing to clear then.
  }
}
