import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { NavBar } from './nav-bar.component';
import { SkipLink } from './skip-link.component';

/**
 * The signed-in layouts, loaded with the first signed-in screen (the router imports them lazily), so the
 * landing and sign-in pages do not carry the navigation bar and its menus.
 */

/** Signed-in screens: the navigation bar above the page. */
export function AppShell({ children }: { children?: ReactNode }) {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <SkipLink />
      <NavBar />
      {/* Below 768 px the navigation is a tab bar at the bottom; the page ends above it. */}
      <main id="main" className="mx-auto max-w-7xl px-3 pt-6 pb-24 sm:px-6 md:py-8">
        {children ?? <Outlet />}
      </main>
    </div>
  );
}

/**
 * Learn and the audiobook player take the whole screen, without the bar
 * (docs/product/decisions.md#d10-full-screen-players).
 */
export function FullScreenLayout() {
  return (
    <div className="min-h-dvh bg-background text-foreground">
      <main id="main">
        <Outlet />
      </main>
    </div>
  );
}
