import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '../../ui/button.component';
import { PagePlaceholder } from '../../ui/page-placeholder.component';

/** Placeholder for the full-screen flashcard player (spec part 2); it has no nav bar, hence its own way home. */
export function LearnPage() {
  const { t } = useTranslation();
  return (
    <PagePlaceholder title={t('pages.learnTitle')}>
      <Button asChild variant="outline">
        <Link to="/">
          <Home aria-hidden="true" />
          {t('pages.backHome')}
        </Link>
      </Button>
    </PagePlaceholder>
  );
}
