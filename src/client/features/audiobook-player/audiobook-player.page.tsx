import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../ui/button.component';
import { PagePlaceholder } from '../../ui/page-placeholder.component';

/** Placeholder for the full-screen audiobook player (docs/product/audiobooks.md#player). */
export function AudiobookPlayerPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <PagePlaceholder title={t('pages.audiobookTitle')}>
      <p className="text-sm text-muted-foreground">{t('pages.audiobookNumber', { id })}</p>
      <Button asChild variant="outline">
        <Link to="/audiobooks">
          <ArrowLeft aria-hidden="true" />
          {t('pages.backToAudiobooks')}
        </Link>
      </Button>
    </PagePlaceholder>
  );
}
