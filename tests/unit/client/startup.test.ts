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

    expect(await resetCachesOnRouterVersionChange({ queryClient, cacheStorage, storage })).toBe(true);
    expect(cacheStorage.delete.mock.calls.map(([name]) => name)).toEqual(names);
    expect(queryClient.clear).toHaveBeenCalledTimes(1);
    expect(storage.getItem('routerVersion')).toBe(ROUTER_VERSION);

    expect(await resetCachesOnRouterVersionChange({ queryClient, cacheStorage, storage })).toBe(false);
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
