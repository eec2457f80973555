import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BookOpen, GraduationCap, Headphones, Home, Layers, Settings, type LucideIcon } from 'lucide-react';
import { stopAllAudio } from '../lib/audio/stop-all-audio';
import { cn } from '../lib/cn';
import { markLearnListForSorting } from '../lib/learn-sort-flag';
import { UserMenu } from './user-menu.component';

interface NavItem {
  to: string;
  labelKey: 'nav.home' | 'nav.dictionary' | 'nav.learn' | 'nav.review' | 'nav.audiobooks' | 'nav.settings';
  Icon: LucideIcon;
  /** Other paths that belong to this item: the audiobook player lights up Audiobooks. */
  isActiveFor?: (pathname: string) => boolean;
}

/** The bar's items, in order; exported for the unit test of which one a path lights up. */
export const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', Icon: Home },
  { to: '/dictionary', labelKey: 'nav.dictionary', Icon: BookOpen },
  { to: '/learn', labelKey: 'nav.learn', Icon: GraduationCap },
  { to: '/review', labelKey: 'nav.review', Icon: Layers },
  {
    to: '/audiobooks',
    labelKey: 'nav.audiobooks',
    Icon: Headphones,
    isActiveFor: (pathname) => pathname.startsWith('/audiobook/'),
  },
  { to: '/settings', labelKey: 'nav.settings', Icon: Settings },
];

export function isNavItemActive(item: Pick<NavItem, 'to' | 'isActiveFor'>, pathname: string): boolean {
  if (item.to === '/') return pathname === '/';
  return (
    pathname === item.to || pathname.startsWith(`${item.to}/`) || (item.isActiveFor?.(pathname) ?? false)
  );
}

function onNavigate(to: string): void {
  // Leaving a screen through the bar never leaves a clip playing behind it
  // (docs/product/overview.md#navigation).
  stopAllAudio();
  if (to === '/learn') markLearnListForSorting();
}

export function NavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    // Below 768 px the items are a tab bar at the bottom: six of them do not fit beside the user menu. Review
    // sits beside Learn; the labels are a size smaller there so the longest fits a sixth of a 390 px phone.
    // The blur is for wider screens only, as a backdrop filter would pin that fixed bar to the header.
    <header className="sticky top-0 z-40 border-b bg-background md:bg-background/95 md:backdrop-blur md:supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link
          to="/"
          className="mr-2 text-lg font-bold tracking-tight md:hidden lg:block"
          onClick={() => onNavigate('/')}
        >
          {t('common.appName')}
        </Link>
        <nav
          aria-label={t('nav.label')}
          className="fixed inset-x-0 bottom-0 border-t bg-background pb-[env(safe-area-inset-bottom)] md:static md:flex md:min-w-0 md:flex-1 md:items-center md:border-0 md:bg-transparent md:pb-0"
        >
          <ul className="grid grid-cols-6 md:flex md:min-w-0 md:flex-1 md:items-center md:justify-start md:gap-1">
            {NAV_ITEMS.map((item) => {
              const isActive = isNavItemActive(item, pathname);
              const label = t(item.labelKey);
              return (
                <li key={item.to}>
                  <Link
                    to={item.to}
                    aria-current={isActive ? 'page' : undefined}
                    onClick={() => onNavigate(item.to)}
                    className={cn(
                      'flex flex-col items-center gap-0.5 rounded-md px-0.5 py-2 text-[10px] font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground sm:text-xs md:flex-row md:gap-2 md:px-2 md:py-1.5 md:text-sm lg:px-3',
                      isActive && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <item.Icon className="size-5 md:size-4" aria-hidden="true" />
                    <span>{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <div className="ml-auto">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
