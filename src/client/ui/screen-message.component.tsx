import type { ReactNode } from 'react';

/**
 * A full-screen player (Learn, the audiobook) while it loads, fails or has nothing to play: those screens
 * have no shell around them.
 */
export function ScreenMessage({
  title,
  description,
  isBusy = false,
  children,
}: {
  title: string;
  description?: string;
  isBusy?: boolean;
  children?: ReactNode;
}) {
  return (
    <section
      aria-busy={isBusy}
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center text-foreground"
    >
      <h1 role={isBusy ? 'status' : undefined} className="text-2xl font-semibold">
        {title}
      </h1>
      {description ? <p className="max-w-md text-muted-foreground">{description}</p> : null}
      {children}
    </section>
  );
}
