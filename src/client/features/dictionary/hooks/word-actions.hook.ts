import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isWordInStudy } from '../../../../shared/api/words';
import { serverErrorText } from '../../../lib/error-text';
import { toast } from '../../../ui/toast-store';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { deleteWords } from '../api/delete-words.api';
import { regenerateImage } from '../../../lib/api/regenerate-image.api';
import { regeneratePhrase } from '../../../lib/api/regenerate-phrase.api';
import { updateWord } from '../../../lib/api/update-word.api';
import { useWordCache } from './word-cache.hook';

/**
 * docs/product/dictionary.md#maintenance-actions: a single word's picture is refreshed 100 ms after its
 * regeneration.
 */
const SINGLE_IMAGE_REFRESH_DELAY_MS = 100;
/** The delete call takes at most this many ids (shared contract). */
const DELETE_CHUNK_SIZE = 10_000;

function withoutIds(ids: ReadonlySet<number>, removed: readonly number[]) {
  const next = new Set(ids);
  for (const id of removed) next.delete(id);
  return next;
}

/**
 * What the learner does to words: hide or show one or many, delete, and a single word's new picture
 * or phrase, whose pending state is kept per word (docs/product/dictionary.md#word-card).
 */
export function useWordActions() {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [imageBusyIds, setImageBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [phraseBusyIds, setPhraseBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [toggleBusyIds, setToggleBusyIds] = useState<ReadonlySet<number>>(new Set());

  /** `failureTitle` distinguishes the word card's button ('Ошибка изменения статуса') from the row's. */
  const toggleActive = async (word: DictionaryWord, failureTitle = t('dictionary.toasts.errorTitle')) => {
    const isActive = !isWordInStudy(word);
    setToggleBusyIds((ids) => new Set(ids).add(word.id));
    try {
      // Showing a word brings it back from both kinds of hiding.
      const update = isActive ? { isActive, isHidden: false } : { isActive };
      const updated = await updateWord({ wordId: word.id, update });
      cache.patchWord(word.id, updated);
      cache.refreshSpacedRepetition();
      toast(
        isActive
          ? {
              title: t('dictionary.toasts.shownTitle'),
              description: t('dictionary.toasts.shownDescription', { word: word.spanish }),
            }
          : {
              title: t('dictionary.toasts.hiddenTitle'),
              description: t('dictionary.toasts.hiddenDescription', { word: word.spanish }),
            },
      );
    } catch {
      toast({
        title: failureTitle,
        description: t('dictionary.toasts.toggleFailed'),
        variant: 'destructive',
      });
    } finally {
      setToggleBusyIds((ids) => withoutIds(ids, [word.id]));
    }
  };

  /** docs/product/dictionary.md#select-mode: one PUT per word with isActive false. */
  const hideMany = async (words: readonly DictionaryWord[]): Promise<void> => {
    const results = await Promise.allSettled(
      words.map(async (word) => {
        const updated = await updateWord({ wordId: word.id, update: { isActive: false } });
        cache.patchWord(word.id, updated);
      }),
    );
    cache.refreshSpacedRepetition();
    if (results.some((result) => result.status === 'rejected')) {
      toast({
        title: t('dictionary.toasts.hideFailedTitle'),
        description: t('dictionary.toasts.hideFailedDescription'),
        variant: 'destructive',
      });
      return;
    }
    toast({
      title: t('dictionary.toasts.hiddenManyTitle'),
      description: t('dictionary.toasts.hiddenManyDescription', { count: words.length }),
    });
  };

  /** Resolves true when every word went. */
  const deleteMany = async (wordIds: readonly number[]): Promise<boolean> => {
    let deleted = 0;
    try {
      for (let start = 0; start < wordIds.length; start += DELETE_CHUNK_SIZE) {
        const chunk = wordIds.slice(start, start + DELETE_CHUNK_SIZE);
        const answer = await deleteWords(chunk);
        deleted += answer.deleted;
        cache.removeWords(chunk);
      }
      cache.refreshSpacedRepetition();
      toast({
        title: t('dictionary.toasts.deletedTitle'),
        // The server's `message` says the same in Russian; the catalogue says it in the learner's language
        // (docs/product/errors.md), and sums up the chunks of a long selection.
        description: t('dictionary.toasts.deletedDescription', { count: deleted }),
      });
      return true;
    } catch (error) {
      toast({
        title: t('dictionary.toasts.deleteFailedTitle'),
        description: serverErrorText(t, error) ?? t('dictionary.toasts.deleteFailedDescription'),
        variant: 'destructive',
      });
      return false;
    }
  };

  const regenerateWordImage = async (word: DictionaryWord) => {
    setImageBusyIds((ids) => new Set(ids).add(word.id));
    try {
      const { imageUrl } = await regenerateImage(word.id);
      cache.patchWord(word.id, { imageUrl });
      setTimeout(() => cache.refreshImages(word.id), SINGLE_IMAGE_REFRESH_DELAY_MS);
      toast({ title: t('dictionary.toasts.imageRegenerated'), description: word.spanish });
    } catch (error) {
      toast({
        title: t('dictionary.toasts.imageFailedTitle'),
        description: t('dictionary.toasts.imageFailedDescription', {
          message: serverErrorText(t, error) ?? t('dictionary.toasts.unknownError'),
        }),
        variant: 'destructive',
      });
    } finally {
      setImageBusyIds((ids) => withoutIds(ids, [word.id]));
    }
  };

  const regenerateWordPhrase = async (word: DictionaryWord) => {
    setPhraseBusyIds((ids) => new Set(ids).add(word.id));
    try {
      const updated = await regeneratePhrase(word.id);
      cache.patchWord(word.id, updated);
      toast({
        title: t('dictionary.toasts.phraseRegenerated'),
        description: updated.example ?? word.spanish,
      });
    } catch {
      toast({
        title: t('dictionary.toasts.errorTitle'),
        description: t('dictionary.toasts.phraseFailed'),
        variant: 'destructive',
      });
    } finally {
      setPhraseBusyIds((ids) => withoutIds(ids, [word.id]));
    }
  };

  return {
    imageBusyIds,
    phraseBusyIds,
    toggleBusyIds,
    toggleActive,
    hideMany,
    deleteMany,
    regenerateWordImage,
    regenerateWordPhrase,
  };
}

export type WordActions = ReturnType<typeof useWordActions>;
