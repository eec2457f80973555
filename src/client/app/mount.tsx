import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { QueryClient } from '@tanstack/react-query';
import { App } from './app.component';

/**
 * Renders the app into `rootElement`. A module of its own, which the entry imports with `import()` in a task
 * of its own: React's DOM renderer is the largest part of the first page's script, and evaluated with the rest
 * it made one long task of the start (docs/product/overview.md#serving-the-client). It is still part of the
 * first page's file, so it costs no request.
 */
export function mountApp(rootElement: HTMLElement, queryClient: QueryClient): void {
  const root = createRoot(rootElement);
  // A transition, so the first screen renders in slices and a phone stays responsive while it does.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App queryClient={queryClient} />
      </StrictMode>,
    ),
  );
}
