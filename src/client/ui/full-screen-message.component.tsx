import type { ReactNode } from 'react';

/** Covers the whole viewport with one centred message, e.g. 'Загрузка...' while the session is checked. */
export function FullScreenMessage({ children }: { children: ReactNode }) {
  return (
    <main className="flex min-h-dvh items-center justify-center bg-background p-6 text-foreground">
      <p role="status" aria-live="polite" className="text-lg font-medium">
        {children}
      </p>
    </main>
  );
}
