import { useTranslation } from 'react-i18next';
import { DialogDescription, DialogHeader, DialogTitle } from '../../../ui/dialog.component';
import { WordDialog } from './word-dialog.component';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { WordImage } from './word-image.component';

/** A row's picture over the whole screen (spec: clicking a row outside select mode). */
export function ImageViewerDialog({ word, onClose }: { word: DictionaryWord | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <WordDialog word={word} onClose={onClose} className="max-h-[95dvh] max-w-[min(95vw,64rem)] p-3 sm:p-4">
      <DialogHeader>
        <DialogTitle lang="es">{word?.spanish}</DialogTitle>
        <DialogDescription lang="ru">{word?.russian}</DialogDescription>
      </DialogHeader>
      {word ? (
        <WordImage
          src={word.imageUrl}
          context="fullscreen"
          alt={t('dictionary.image.alt', { word: word.spanish })}
          fallbackLabel={t('dictionary.card.imageUnavailable')}
          isLazy={false}
          className="max-h-[80dvh] w-full rounded-md"
          imageClassName="object-contain"
        />
      ) : null}
    </WordDialog>
  );
}
