import { useTranslation } from 'react-i18next';
import { useAuthUser } from '../../lib/api/auth-user.api';
import { userFirstName } from '../../lib/user-display-name';
import { ProgressPanel } from '../../ui/progress-panel.component';
import { HomeCards } from './components/home-cards.component';
import { RecentWords } from './components/recent-words.component';

export function HomePage() {
  const { t } = useTranslation();
  const { data: user, isPending } = useAuthUser();
  // The fallback is for a user without a name, not for one still loading (docs/product/auth.md#registration).
  const name = userFirstName(user) ?? (isPending ? undefined : t('userMenu.fallbackName'));

  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl" aria-busy={name === undefined}>
          {name === undefined ? (
            <span className="inline-block h-[1em] w-64 max-w-full animate-pulse rounded-md bg-muted align-middle" />
          ) : (
            t('home.greeting', { name })
          )}
        </h1>
        <p className="text-muted-foreground">{t('home.subtitle')}</p>
      </div>
      <HomeCards />
      <div className="grid gap-6 lg:grid-cols-3">
        <ProgressPanel className="lg:col-span-2" linksToDashboard />
        <RecentWords />
      </div>
    </div>
  );
}
