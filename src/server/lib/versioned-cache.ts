/**
 * Byte-bounded, least-recently-used entries that are valid for one version of what they were built from.
 * The caller asks the current version (cheap) and gets the stored bytes only if they were built from it.
 */
export function createVersionedCache(options: { maxBytes: number }) {
  const entries = new Map<string, { version: number; body: Buffer }>();
  let totalBytes = 0;

  const remove = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    totalBytes -= entry.body.length;
  };

  return {
    get(key: string, version: number): Buffer | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.version !== version) {
        remove(key);
        return undefined;
      }
      // Re-inserted, so the map's order stays least recently used first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.body;
    },

    set(key: string, version: number, body: Buffer): void {
      remove(key);
      if (body.length > options.maxBytes) return;
      entries.set(key, { version, body });
      totalBytes += body.length;
      for (const [oldest] of entries) {
        if (totalBytes <= options.maxBytes) break;
        remove(oldest);
      }
    },
  };
}
