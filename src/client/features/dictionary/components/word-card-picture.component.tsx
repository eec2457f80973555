import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Expand } from 'lucide-react';
import { settingsDefaults } from '../../../../shared/api/settings';
import { useSettings } from '../../../lib/api/settings.api';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { ImageViewerDialog } from './image-viewer-dialog.component';
import { WordImage } from './word-image.component';

/**
 * The word's picture at the top of its card (docs/product/dictionary.md#word-card). It opens full screen
 * only when the learner turned `fullscreenImage` on; otherwise it is only shown.
 */
export function WordCardPicture({ word }: { word: DictionaryWord }) {
  const { t } = useTranslation();
  const isFullscreenOn = useSettings().data?.fullscreenImage ?? settingsDefaults.fullscreenImage;
  const [isViewerOpen, setIsViewerOpen] = useState(false);
  if (!word.imageUrl) return null;

  const picture = (alt: string) => (
    <WordImage
      src={word.imageUrl}
      context="card"
      alt={alt}
      fallbackLabel={t('dictionary.card.imageUnavailable')}
      isFallbackLabelVisible
      isLazy={false}
      className="aspect-square w-full max-w-96 rounded-md"
    />
  );
  if (!isFullscreenOn) {
    return (
      <div className="flex justify-center" data-testid="word-card-picture">
        {picture(t('dictionary.image.alt', { word: word.spanish }))}
      </div>
    );
  }
  return (
    <div className="flex justify-center" data-testid="word-card-picture">
      <button
        type="button"
        onClick={() => setIsViewerOpen(true)}
        aria-label={t('dictionary.image.openFullscreen', { word: word.spanish })}
        title={t('dictionary.image.openFullscreen', { word: word.spanish })}
        className="relative w-full max-w-96 cursor-zoom-in overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {picture('')}
        <Expand className="absolute right-2 bottom-2 size-6 rounded bg-black/50 p-1 text-white" aria-hidden />
      </button>
      <ImageViewerDialog word={isViewerOpen ? word : null} onClose={() => setIsViewerOpen(false)} />
    </div>
  );
}
