import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Check, Eye, EyeOff, LoaderCircle, Pencil, Volume2 } from 'lucide-react';
import type { WordImage as WordImageItem } from '../../../../shared/api/dictionary';
import { isWordInStudy } from '../../../../shared/api/words';
import { cn } from '../../../lib/cn';
import { WordImage } from './word-image.component';
import { Button } from '../../../ui/button.component';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../ui/dialog.component';
import { WordDialog } from './word-dialog.component';
import { toast } from '../../../ui/toast-store';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { useSetPrimaryImage } from '../api/set-primary-image.api';
import { useWordImages } from '../api/word-images.api';
import { regenerateWordAudio } from '../../../lib/api/regenerate-word-audio.api';
import { usePartOfSpeechLabel } from '../../../lib/hooks/part-of-speech-label.hook';
import { useWordCache } from '../hooks/word-cache.hook';
import type { WordActions } from '../hooks/word-actions.hook';
import { exampleSegments } from '../lib/example-highlight';
import { hasClearedClips } from '../lib/word-edit';
import { NoLanguageModelHint } from './no-language-model-hint.component';
import { WordEditForm } from './word-edit-form.component';
import { AddTranslationForm } from './add-translation-form.component';
import { HighlightedSegments } from './highlighted-segments.component';
import { PlayWordButton } from './play-word-button.component';
import { WordCardPicture } from './word-card-picture.component';
import { WordPair } from '../../../ui/word-pair.component';

/**
 * The word with its example, translation and gallery; a picture clicked becomes the word's picture.
 * 'Изменить' turns the card into the edit form (docs/product/dictionary.md#word-editing).
 */
export function WordCardDialog({
  word,
  actions,
  hasLanguageModel,
  themes,
  onClose,
}: {
  word: DictionaryWord | null;
  actions: WordActions;
  /** False once the settings say there is no language-model key; true while they load. */
  hasLanguageModel: boolean;
  themes: readonly string[];
  onClose: () => void;
}) {
  return (
    <WordDialog word={word} onClose={onClose} className="max-h-[100dvh] max-w-2xl overflow-y-auto">
      {word ? (
        // Keyed: another word opens with its own form state.
        <WordCard
          key={word.id}
          word={word}
          actions={actions}
          hasLanguageModel={hasLanguageModel}
          themes={themes}
        />
      ) : null}
    </WordDialog>
  );
}

function WordCard({
  word,
  actions,
  hasLanguageModel,
  themes,
}: {
  word: DictionaryWord;
  actions: WordActions;
  hasLanguageModel: boolean;
  themes: readonly string[];
}) {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [isEditing, setIsEditing] = useState(false);
  const [hasStaleClips, setHasStaleClips] = useState(false);
  const isToggleBusy = actions.toggleBusyIds.has(word.id);
  // With an example but no level or theme the hint stands under the example instead of in its place.
  const lacksTags = !hasLanguageModel && word.example !== null && (!word.cefrLevel || !word.themeCategory);

  if (isEditing) {
    return (
      <>
        <DialogHeader>
          <DialogTitle className="text-2xl">{t('dictionary.edit.title')}</DialogTitle>
          <DialogDescription>{t('dictionary.edit.description', { word: word.spanish })}</DialogDescription>
        </DialogHeader>
        <WordEditForm
          word={word}
          themes={themes}
          onCancel={() => setIsEditing(false)}
          onSaved={(updated) => {
            setIsEditing(false);
            if (!updated) {
              toast({ title: t('dictionary.edit.nothingChanged'), description: word.spanish });
              return;
            }
            // The theme filter's options come from the list, so a new theme joins them at once.
            cache.patchWord(word.id, updated);
            setHasStaleClips(hasClearedClips(word, updated));
            toast({ title: t('dictionary.edit.saved'), description: updated.spanish });
          }}
        />
      </>
    );
  }

  return (
    <>
      <DialogHeader>
        <WordPair
          spanish={word.spanish}
          russian={word.needsTranslation ? null : word.russian}
          untranslated={t('dictionary.noTranslation')}
          spanishAs={DialogTitle}
          russianAs={DialogDescription}
          spanishClassName="text-2xl"
          russianClassName="text-base"
        />
      </DialogHeader>
      {word.needsTranslation ? (
        <AddTranslationForm
          word={word}
          onSaved={(updated) => {
            cache.patchWord(word.id, updated);
            toast({ title: t('dictionary.card.translationAdded'), description: updated.spanish });
          }}
        />
      ) : null}
      <WordCardPicture word={word} />
      <CardTags word={word} />
      <dl className="grid gap-3 text-sm">
        <div>
          <dt className="font-medium text-muted-foreground">{t('dictionary.card.example')}</dt>
          <dd lang="es" className="text-base">
            {word.example ? (
              <HighlightedSegments
                segments={exampleSegments(word.example, word.highlightedSpanishWord ?? word.spanish)}
              />
            ) : hasLanguageModel ? (
              t('dictionary.card.noExample')
            ) : (
              <NoLanguageModelHint
                text={t('dictionary.card.noModel')}
                linkText={t('dictionary.card.noModelLink')}
              />
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
      {lacksTags ? (
        <NoLanguageModelHint
          text={t('dictionary.card.noModel')}
          linkText={t('dictionary.card.noModelLink')}
        />
      ) : null}
      {hasStaleClips ? <StaleClipsOffer word={word} onDone={() => setHasStaleClips(false)} /> : null}
      <Gallery word={word} />
      <DialogFooter className="flex-wrap gap-2">
        <Button variant="outline" onClick={() => setIsEditing(true)}>
          <Pencil aria-hidden />
          {t('dictionary.card.edit')}
        </Button>
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

/** Part of speech, CEFR level and theme, each named, 'not set' when missing. */
function CardTags({ word }: { word: DictionaryWord }) {
  const { t } = useTranslation();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  const notSet = t('dictionary.card.notSet');
  const rows = [
    [t('dictionary.card.partOfSpeech'), word.partOfSpeech ? partOfSpeechLabel(word.partOfSpeech) : notSet],
    [t('dictionary.card.cefrLevel'), word.cefrLevel ?? notSet],
    [t('dictionary.card.themeCategory'), word.themeCategory ?? notSet],
  ] as const;
  return (
    <dl className="flex flex-wrap gap-x-4 gap-y-1 text-sm" data-testid="word-card-tags">
      {rows.map(([label, value]) => (
        <div key={label} className="flex gap-1">
          <dt className="text-muted-foreground">{label}:</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * docs/product/dictionary.md#word-editing: the edit cleared clips of changed texts; they can be made now
 * (the learner's provider voices are made only on request), or the built-in voices make them when needed.
 */
function StaleClipsOffer({ word, onDone }: { word: DictionaryWord; onDone: () => void }) {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [isBusy, setIsBusy] = useState(false);
  const regenerate = async () => {
    if (isBusy) return;
    setIsBusy(true);
    try {
      const clips = await regenerateWordAudio(word.id, { force: false });
      cache.patchWord(word.id, {
        audioData: clips.audioData,
        russianAudioData: clips.russianAudioData,
        secondVoiceAudioData: clips.secondVoiceAudioData,
      });
      toast({ title: t('dictionary.edit.clipsRegenerated'), description: word.spanish });
      onDone();
    } catch {
      toast({ title: t('dictionary.edit.clipsFailed'), description: word.spanish, variant: 'destructive' });
    } finally {
      setIsBusy(false);
    }
  };
  return (
    <div
      role="status"
      className="flex flex-col gap-2 rounded-md border bg-muted/50 p-3 text-sm sm:flex-row sm:items-center"
    >
      <p className="flex-1">{t('dictionary.edit.clipsCleared')}</p>
      <Button size="sm" variant="outline" aria-disabled={isBusy} onClick={() => void regenerate()}>
        {isBusy ? <LoaderCircle className="animate-spin" aria-hidden /> : <Volume2 aria-hidden />}
        {isBusy ? t('dictionary.edit.regeneratingClips') : t('dictionary.edit.regenerateClips')}
      </Button>
    </div>
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
