import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { Button } from '../../../ui/button.component';
import { ScreenMessage } from '../../../ui/screen-message.component';

/** The player while it loads or when there is no book to play, with the way back to the library. */
export function PlayerMessage({
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
  const { t } = useTranslation();
  return (
    <ScreenMessage title={title} isBusy={isBusy} {...(description ? { description } : {})}>
      {isBusy ? null : (
        <div className="flex flex-wrap justify-center gap-3">
          {children}
          <Button asChild variant="outline">
            <Link to="/audiobooks">
              <ArrowLeft aria-hidden />
              {t('audiobookPlayer.backToLibrary')}
            </Link>
          </Button>
        </div>
      )}
    </ScreenMessage>
  );
}
