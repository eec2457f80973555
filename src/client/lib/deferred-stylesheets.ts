/**
 * The built page fetches its stylesheets as `preload`s, which apply nothing and block no paint (the build's
 * `deferStylesheets`, vite.config.ts; docs/product/overview.md#serving-the-client). The entry applies them
 * here and renders once they have loaded, so the first frame is styled; a stylesheet that fails to load does
 * not keep the app from starting. In development Vite injects the styles itself and there is nothing to do.
 */
export function applyDeferredStylesheets(doc: Document = document): Promise<void> {
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][data-deferred-stylesheet]');
  const loads = [...preloads].map((preload) => {
    const stylesheet = doc.createElement('link');
    stylesheet.rel = 'stylesheet';
    stylesheet.href = preload.href;
    if (preload.crossOrigin !== null) stylesheet.crossOrigin = preload.crossOrigin;
    const loaded = new Promise<void>((resolve) => {
      stylesheet.addEventListener('load', () => resolve(), { once: true });
      stylesheet.addEventListener('error', () => resolve(), { once: true });
    });
    preload.after(stylesheet);
    return loaded;
  });
  return Promise.all(loads).then(() => undefined);
}
