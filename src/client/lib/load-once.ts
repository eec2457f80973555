/**
 * A loader (a chunk fetched with `import()`) that runs once however often it is asked for, so an idle fetch
 * ahead and the first real use share one request; a failed load (offline) is tried again at the next ask.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () => {
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
}
