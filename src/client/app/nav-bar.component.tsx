import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BookOpen, GraduationCap, Headphones, Home, Settings, type LucideIcon } from 'lucide-react';
import { stopAllAudio } from '../lib/audio/stop-all-audio';
import { cn } from '../lib/cn';
import { markLearnListForSorting } from '../lib/learn-sort-flag';
import { UserMenu } from './user-menu.component';

interface NavItem {
  to: string;
  labelKey: 'nav.home' | 'nav.dictionary' | 'nav.learn' | 'nav.audiobooks' | 'nav.settings';
  Icon: LucideIcon;
  /** Other paths that belong to this item: the audiobook player lights up Audiobooks. */
  isActiveFor?: (pathname: string) => boolean;
}

const NAV_ITEMS: readonly NavItem[] = [
  { to: '/', labelKey: 'nav.home', Icon: Home },
  { to: '/dictionary', labelKey: 'nav.dictionary', Icon: BookOpen },
  { to: '/learn', labelKey: 'nav.learn', Icon: GraduationCap },
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
  // Leaving a screen through the bar never leaves a clip playing behind it (spec part 1 §2).
  stopAllAudio();
  if (to === '/learn') markLearnListForSorting();
}

export function NavBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-3 sm:px-6">
        <Link
          to="/"
          className="mr-2 hidden text-lg font-bold tracking-tight md:block"
          onClick={() => onNavigate('/')}
        >
          {t('common.appName')}
        </Link>
        <nav aria-label={t('nav.label')} className="flex min-w-0 flex-1 items-center">
          <ul className="flex min-w-0 flex-1 items-center justify-around gap-1 md:justify-start">
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
                      'flex flex-col items-center gap-0.5 rounded-md px-2 py-1.5 text-xs font-medium text-muted-foreground transition-colors hover:bg-accent hover:text-accent-foreground sm:flex-row sm:gap-2 sm:px-3 sm:text-sm',
                      isActive && 'bg-accent text-accent-foreground',
                    )}
                  >
                    <item.Icon className="size-5 sm:size-4" aria-hidden="true" />
                    <span>{label}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        <UserMenu />
      </div>
    </header>
  );
}
