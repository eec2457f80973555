import type { ReactNode } from 'react';

/** The Learn screen while it loads, fails or has nothing to study: it has no shell around it. */
export function LearnMessage({
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
