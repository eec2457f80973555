import { describe, expect, it, vi } from 'vitest';
import type { KeyValueStorage } from '../../../src/client/lib/local-storage';
import {
  resetCachesOnRouterVersionChange,
  ROUTER_VERSION,
  unregisterServiceWorkers,
} from '../../../src/client/lib/startup';

function memoryStorage(): KeyValueStorage {
  const values = new Map<string, string>();
  return {
    getItem: (key) => values.get(key) ?? null,
    setItem: (key, value) => void values.set(key, value),
    removeItem: (key) => void values.delete(key),
  };
}

describe('startup', () => {
  it('clears the caches once per router version', async () => {
    const storage = memoryStorage();
    storage.setItem('routerVersion', 'old');
    const queryClient = { clear: vi.fn() };
    const names = ['pages', 'api'];
    const cacheStorage = { keys: vi.fn(async () => names), delete: vi.fn(async (_name: string) => true) };

    const first = resetCachesOnRouterVersionChange({ queryClient, cacheStorage, storage });
    expect(first.didReset).toBe(true);
    // The query cache and the marker change before the call returns: a request started next is kept.
    expect(queryClient.clear).toHaveBeenCalledTimes(1);
    expect(storage.getItem('routerVersion')).toBe(ROUTER_VERSION);
    await first.cacheCleared;
    expect(cacheStorage.delete.mock.calls.map(([name]) => name)).toEqual(names);

    const second = resetCachesOnRouterVersionChange({ queryClient, cacheStorage, storage });
    expect(second.didReset).toBe(false);
    await second.cacheCleared;
    expect(queryClient.clear).toHaveBeenCalledTimes(1);
    expect(cacheStorage.keys).toHaveBeenCalledTimes(1);
  });

  it('survives a CacheStorage that refuses', async () => {
    const queryClient = { clear: vi.fn() };
    const cacheStorage = {
      keys: () => Promise.reject(new Error('insecure origin')),
      delete: async () => true,
    };
    const reset = resetCachesOnRouterVersionChange({ queryClient, cacheStorage, storage: memoryStorage() });
    await expect(reset.cacheCleared).resolves.toBeUndefined();
    expect(queryClient.clear).toHaveBeenCalledTimes(1);
  });

  it('unregisters every service worker and survives a failure', async () => {
    const unregister = vi.fn(async () => true);
    await unregisterServiceWorkers({
      serviceWorker: { getRegistrations: async () => [{ unregister }, { unregister }] },
    });
    expect(unregister).toHaveBeenCalledTimes(2);
    await expect(
      unregisterServiceWorkers({
        serviceWorker: { getRegistrations: () => Promise.reject(new Error('denied')) },
      }),
    ).resolves.toBeUndefined();
  });
});
