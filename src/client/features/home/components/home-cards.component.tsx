import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookOpen, GraduationCap, Layers, Settings, Upload, type LucideIcon } from 'lucide-react';
import { useReviewStats } from '../../../lib/api/review-stats.api';
import { markLearnListForSorting } from '../../../lib/learn-sort-flag';

interface HomeCard {
  to: string;
  title: string;
  description: string;
  Icon: LucideIcon;
  onNavigate?: () => void;
  /** A figure under the description (the cards due for review). */
  status?: string;
}

/**
 * The entry points of the home screen: Upload Words, Dictionary, Learn, Settings
 * (docs/product/overview.md#home-and-progress), and Review with today's count
 * (docs/product/review.md).
 */
export function HomeCards() {
  const { t } = useTranslation();
  const headingId = useId();
  const reviewStats = useReviewStats();
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
      to: '/review',
      title: t('home.reviewTitle'),
      description: t('home.reviewDescription'),
      Icon: Layers,
      status: reviewStats.data ? t('home.reviewDue', { count: reviewStats.data.queueSize }) : undefined,
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
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-5">
        {cards.map(({ to, title, description, Icon, onNavigate, status }) => (
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
              {status ? (
                <p className="mt-auto text-sm font-semibold text-accent-text" data-testid="home-review-due">
                  {status}
                </p>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
