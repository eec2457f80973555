import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookOpen, GraduationCap, Settings, Upload, type LucideIcon } from 'lucide-react';
import { markLearnListForSorting } from '../../../lib/learn-sort-flag';

interface HomeCard {
  to: string;
  title: string;
  description: string;
  Icon: LucideIcon;
  onNavigate?: () => void;
}

/**
 * The four entry points of the home screen: Upload Words, Dictionary, Learn, Settings
 * (docs/product/overview.md#home-and-progress).
 */
export function HomeCards() {
  const { t } = useTranslation();
  const headingId = useId();
  const cards: HomeCard[] = [
    { to: '/upload', title: t('home.uploadTitle'), description: t('home.uploadDescription'), Icon: Upload },
    {
      to: '/dictionary',
      title: t('home.dictionaryTitle'),
      description: t('home.dictionaryDescription'),
      Icon: BookOpen,
    },
    {
      to: '/learn',
      title: t('home.learnTitle'),
      description: t('home.learnDescription'),
      Icon: GraduationCap,
      onNavigate: markLearnListForSorting,
    },
    {
      to: '/settings',
      title: t('home.settingsTitle'),
      description: t('home.settingsDescription'),
      Icon: Settings,
    },
  ];

  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="sr-only">
        {t('home.sectionsTitle')}
      </h2>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map(({ to, title, description, Icon, onNavigate }) => (
          <li key={to}>
            <Link
              to={to}
              onClick={onNavigate}
              className="group flex h-full flex-col gap-3 rounded-xl border bg-card p-5 text-card-foreground shadow-sm transition-colors hover:border-primary hover:bg-accent"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-muted">
                <Icon className="size-6 text-accent-text" aria-hidden="true" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm text-muted-foreground">{description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
