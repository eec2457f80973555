import { useTranslation } from 'react-i18next';
import type { MediaGalleryItem } from '../../../../shared/api/dictionary';
import { cn } from '../../../lib/cn';
import { WordImage } from './word-image.component';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../ui/dialog.component';
import { WordDialog } from './word-dialog.component';
import { toast } from '../../../ui/toast-store';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { useMediaGallery } from '../api/media-gallery.api';
import { useUpdateWord } from '../../../lib/api/update-word.api';
import { useWordCache } from '../hooks/word-cache.hook';
import { mediaLibraryStyleKey } from '../lib/media-library-styles';

/** 'Медиатека': every picture made for the word; clicking one makes it the word's picture. */
export function MediaLibraryDialog({ word, onClose }: { word: DictionaryWord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <WordDialog word={word} onClose={onClose} className="max-w-3xl">
      <DialogHeader>
        <DialogTitle>{t('dictionary.media.title')}</DialogTitle>
        <DialogDescription>
          {t('dictionary.media.description', { word: word?.spanish ?? '' })}
        </DialogDescription>
      </DialogHeader>
      {word ? <MediaGrid word={word} /> : null}
    </WordDialog>
  );
}

function MediaGrid({ word }: { word: DictionaryWord }) {
  const { t } = useTranslation();
  const gallery = useMediaGallery(word.id);
  const update = useUpdateWord();
  const cache = useWordCache();

  const apply = async (item: MediaGalleryItem) => {
    // Not disabled while pending: a disabled button would drop the keyboard focus out of the dialog.
    if (update.isPending) return;
    try {
      const updated = await update.mutateAsync({ wordId: word.id, update: { imageUrl: item.imageUrl } });
      cache.patchWord(word.id, updated);
      cache.refreshImages(word.id);
      toast({ title: t('dictionary.toasts.imageApplied'), description: word.spanish });
    } catch {
      toast({
        title: t('dictionary.toasts.errorTitle'),
        description: t('dictionary.toasts.imageApplyFailed'),
        variant: 'destructive',
      });
    }
  };

  if (gallery.isPending)
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t('common.loading')}
      </p>
    );
  if (gallery.isError) return <p role="alert">{t('dictionary.media.loadError')}</p>;
  if (gallery.data.length === 0)
    return <p className="text-sm text-muted-foreground">{t('dictionary.media.empty')}</p>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {gallery.data.map((item) => (
        <li key={item.id}>
          <MediaTile
            item={item}
            isCurrent={item.imageUrl === word.imageUrl}
            onApply={() => void apply(item)}
          />
        </li>
      ))}
    </ul>
  );
}

function MediaTile({
  item,
  isCurrent,
  onApply,
}: {
  item: MediaGalleryItem;
  isCurrent: boolean;
  onApply: () => void;
}) {
  const { t, i18n } = useTranslation();
  const styleKey = mediaLibraryStyleKey(item.styleId);
  const style = styleKey
    ? t(`dictionary.media.styles.${styleKey}`)
    : (item.styleName ?? t('dictionary.media.unknownStyle'));
  const date = new Date(item.createdAt).toLocaleDateString(i18n.language);
  return (
    <button
      type="button"
      onClick={onApply}
      aria-pressed={isCurrent}
      aria-label={t('dictionary.media.apply', { style, date })}
      className={cn(
        'flex w-full flex-col overflow-hidden rounded-md border text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        isCurrent && 'border-primary ring-2 ring-primary',
      )}
    >
      <span className="flex aspect-square w-full items-center justify-center bg-muted">
        <WordImage
          src={item.imageUrl}
          context="card"
          alt=""
          fallbackLabel={t('dictionary.card.imageUnavailable')}
          isFallbackLabelVisible
          className="size-full"
        />
      </span>
      <span className="flex flex-col gap-0.5 p-2 text-xs">
        <span className="font-semibold">{style}</span>
        <span className="text-muted-foreground">
          {t('dictionary.media.format', { format: item.imageFormat ?? t('dictionary.media.unknownFormat') })}
        </span>
        <span className="text-muted-foreground">{date}</span>
      </span>
    </button>
  );
}
