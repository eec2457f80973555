import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookPlus, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { useSettings } from '../../../lib/api/settings.api';
import { Button } from '../../../ui/button.component';
import { CreateAudiobookDialog } from './create-audiobook-dialog.component';

/**
 * The library's create button (docs/product/audiobooks.md#creation). A story needs a language model: without
 * a key (or a compatible endpoint) the button says so and leads to Settings → API instead.
 */
export function CreateAudiobookButton() {
  const { t } = useTranslation();
  const { data: settings } = useSettings();
  const [isOpen, setIsOpen] = useState(false);
  const hasLanguageModel = settings?.hasOpenaiApiKey ?? false;

  if (settings && !hasLanguageModel) {
    return (
      <div className="flex flex-col items-start gap-1" data-testid="create-audiobook-no-key">
        <Button disabled aria-describedby="create-audiobook-no-key-text">
          <BookPlus aria-hidden />
          {t('audiobookCreation.create')}
        </Button>
        <p
          id="create-audiobook-no-key-text"
          className="flex max-w-sm items-start gap-1.5 text-sm text-muted-foreground"
        >
          <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>
            {t('audiobookCreation.noKey')}{' '}
            <Link to="/settings?tab=api" className="font-medium text-foreground underline underline-offset-4">
              {t('audiobookCreation.noKeyLink')}
            </Link>
          </span>
        </p>
      </div>
    );
  }
  return (
    <>
      <Button onClick={() => setIsOpen(true)} disabled={!settings}>
        <BookPlus aria-hidden />
        {t('audiobookCreation.create')}
      </Button>
      <CreateAudiobookDialog isOpen={isOpen} onOpenChange={setIsOpen} />
    </>
  );
}
