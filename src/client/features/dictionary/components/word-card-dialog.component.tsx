import { useTranslation } from 'react-i18next';
import { Check, Eye, EyeOff, LoaderCircle } from 'lucide-react';
import type { WordImage as WordImageItem } from '../../../../shared/api/dictionary';
import { isWordInStudy } from '../../../../shared/api/words';
import { cn } from '../../../lib/cn';
import { WordImage } from './word-image.component';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';
import { toast } from '../../../ui/toast-store';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { useSetPrimaryImage } from '../api/set-primary-image.api';
import { useWordImages } from '../api/word-images.api';
import { useWordCache } from '../hooks/word-cache.hook';
import type { WordActions } from '../hooks/word-actions.hook';
import { exampleSegments } from '../lib/example-highlight';
import { HighlightedSegments } from './highlighted-segments.component';
import { PlayWordButton } from './play-word-button.component';
import { WordCardPicture } from './word-card-picture.component';

/** The word with its example, translation and gallery; a picture clicked becomes the word's picture. */
export function WordCardDialog({
  word,
  actions,
  onClose,
}: {
  word: DictionaryWord | null;
  actions: WordActions;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={word !== null} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent closeLabel={t('dictionary.close')} className="max-w-2xl">
        {word ? <WordCard word={word} actions={actions} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function WordCard({ word, actions }: { word: DictionaryWord; actions: WordActions }) {
  const { t } = useTranslation();
  const isToggleBusy = actions.toggleBusyIds.has(word.id);
  return (
    <>
      <DialogHeader>
        <DialogTitle lang="es" className="text-2xl">
          {word.spanish}
        </DialogTitle>
        <DialogDescription lang="ru" className="text-base">
          {word.russian}
        </DialogDescription>
      </DialogHeader>
      <WordCardPicture word={word} />
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-muted-foreground">{t('dictionary.card.example')}</dt>
          <dd lang="es" className="text-base">
            {word.example ? (
              <HighlightedSegments
                segments={exampleSegments(word.example, word.highlightedSpanishWord ?? word.spanish)}
              />
            ) : (
              t('dictionary.card.noExample')
            )}
          </dd>
        </div>
        {word.exampleTranslation ? (
          <div>
            <dt className="font-medium text-muted-foreground">{t('dictionary.card.exampleTranslation')}</dt>
            <dd lang="ru" className="text-base">
              <HighlightedSegments
                segments={exampleSegments(
                  word.exampleTranslation,
                  word.highlightedRussianWord ?? word.russian,
                )}
              />
            </dd>
          </div>
        ) : null}
      </dl>
      <Gallery word={word} />
      <DialogFooter>
        <PlayWordButton
          spanish={word.spanish}
          audioData={word.audioData}
          label={t('dictionary.card.play')}
          variant="outline"
          size="default"
        />
        <Button
          variant="outline"
          // aria-disabled, not disabled: the focus stays on the button while the change is saved.
          aria-disabled={isToggleBusy}
          onClick={() => {
            if (!isToggleBusy) void actions.toggleActive(word, t('dictionary.toasts.statusFailedTitle'));
          }}
        >
          {isToggleBusy ? (
            <LoaderCircle className="animate-spin" aria-hidden />
          ) : isWordInStudy(word) ? (
            <EyeOff aria-hidden />
          ) : (
            <Eye aria-hidden />
          )}
          {isWordInStudy(word) ? t('dictionary.card.hide') : t('dictionary.card.show')}
        </Button>
      </DialogFooter>
    </>
  );
}

function Gallery({ word }: { word: DictionaryWord }) {
  const { t } = useTranslation();
  const images = useWordImages(word.id);
  const setPrimary = useSetPrimaryImage();
  const cache = useWordCache();

  const choose = async (image: WordImageItem) => {
    // Not disabled while pending: a disabled button would drop the keyboard focus out of the dialog.
    if (setPrimary.isPending || (image.isPrimary && image.url === word.imageUrl)) return;
    try {
      const { imageUrl } = await setPrimary.mutateAsync({ wordId: word.id, imageId: image.id });
      cache.patchWord(word.id, { imageUrl });
      cache.refreshImages(word.id);
      toast({ title: t('dictionary.toasts.primaryChanged'), description: word.spanish });
    } catch {
      toast({
        title: t('dictionary.toasts.errorTitle'),
        description: t('dictionary.toasts.primaryFailed'),
        variant: 'destructive',
      });
    }
  };

  return (
    <section aria-labelledby={`gallery-${word.id}`} className="flex flex-col gap-2">
      <h3 id={`gallery-${word.id}`} className="font-semibold">
        {t('dictionary.card.gallery')}
      </h3>
      {images.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {t('common.loading')}
        </p>
      ) : images.isError ? (
        <p role="alert" className="text-sm font-medium">
          {t('dictionary.card.imagesFailed')}
        </p>
      ) : images.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('dictionary.card.noImages')}</p>
      ) : (
        <>
          <p className="text-xs text-muted-foreground">{t('dictionary.card.galleryHint')}</p>
          <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {images.data.map((image, index) => (
              <li key={image.id}>
                <GalleryImage image={image} index={index + 1} onChoose={() => void choose(image)} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function GalleryImage({
  image,
  index,
  onChoose,
}: {
  image: WordImageItem;
  index: number;
  onChoose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      onClick={onChoose}
      aria-pressed={image.isPrimary}
      aria-label={
        image.isPrimary
          ? t('dictionary.card.currentPrimary', { index })
          : t('dictionary.card.setPrimary', { index })
      }
      className={cn(
        'relative flex aspect-square w-full items-center justify-center overflow-hidden rounded-md border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        image.isPrimary && 'border-primary ring-2 ring-primary',
      )}
    >
      <WordImage
        src={image.url}
        context="card"
        alt=""
        fallbackLabel={t('dictionary.card.imageUnavailable')}
        isFallbackLabelVisible
        className="size-full"
      />
      {image.isPrimary ? (
        <span className="absolute top-1 left-1 inline-flex items-center gap-1 rounded bg-primary px-1.5 py-0.5 text-xs font-semibold text-primary-foreground">
          <Check className="size-3" aria-hidden />
          {t('dictionary.card.primary')}
        </span>
      ) : null}
    </button>
  );
}
