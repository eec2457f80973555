import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../shared/api/settings';
import { serverErrorText } from '../../../lib/error-text';
import type { LearnPlayer, PlayerWord } from '../../../lib/audio/learn-player.types';
import { queryKeys } from '../../../lib/query-keys';
import { toast } from '../../../ui/toast-store';
import { updateWord } from '../../../lib/api/update-word.api';
import { completeSpacedRepetition } from '../api/complete-spaced-repetition.api';
import { updateListenCount } from '../api/listen-count.api';
import { hideWord } from '../api/hide-word.api';
import { UNDO_OFFER_MS, undoWordChange } from '../../../lib/api/undo-word-change.api';
import { regenerateWordAudio } from '../../../lib/api/regenerate-word-audio.api';
import { afterCardPlayed } from '../lib/listen-progress';
import { loadOnce } from '../../../lib/load-once';

/**
 * docs/product/learn.md#menu: regenerate-phrase is followed by an image in the settings' style, photographic
 * by default: style 1, whose key is 'realistic'.
 */
const PHOTOGRAPHIC_STYLE = 'realistic';

/**
 * The menu's picture and phrase calls answer with the dictionary's contract, whose schemas Learn would
 * otherwise build before its first card (docs/product/overview.md#serving-the-client): they load on first use.
 */
const loadRegenerateCalls = loadOnce(async () => {
  const [{ regenerateImage }, { regeneratePhrase }] = await Promise.all([
    import('../../../lib/api/regenerate-image.api'),
    import('../../../lib/api/regenerate-phrase.api'),
  ]);
  return { regenerateImage, regeneratePhrase };
});

const log = (message: string, error: unknown) => console.warn(`[learn] ${message}`, error);

/**
 * What the Learn screen saves (docs/product/learn.md#listen-counts, docs/product/learn.md#audio-loading,
 * docs/product/learn.md#speech-fallback): listen counts after each card, automatic retirement at the auto
 * threshold, spaced-repetition steps, hiding, and the menu's regenerate actions.
 */
export function useLearnActions(settings: Settings) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busyWordId, setBusyWordId] = useState<number | null>(null);
  const [hidingWordId, setHidingWordId] = useState<number | null>(null);

  // Lists elsewhere (dictionary, home) read again when next shown; the Learn list itself is fixed per visit.
  const markWordsStale = () =>
    queryClient.invalidateQueries({ queryKey: queryKeys.words.all, refetchType: 'none' });

  async function onCardPlayed(player: LearnPlayer, word: PlayerWord) {
    const { listenCount, isRetired } = afterCardPlayed(word, settings.listenThresholdAuto);
    try {
      await updateListenCount({ wordId: word.id, listenCount });
    } catch (error) {
      log('listen count not saved', error);
    }
    if (word.isSpacedRepetitionDue) {
      try {
        await completeSpacedRepetition(word.id);
        // One step a day: later plays in this visit are ordinary listens.
        player.updateWord(word.id, { isSpacedRepetitionDue: false });
      } catch (error) {
        log('spaced repetition step not saved', error);
      }
    }
    if (isRetired) {
      try {
        await updateWord({ wordId: word.id, update: { attempts: listenCount, isActive: false } });
        player.removeWord(word.id);
        toast({ title: t('learn.toast.wordRetired'), description: word.spanish });
      } catch (error) {
        log('automatic hide failed', error);
      }
    }
    void markWordsStale();
    void queryClient.invalidateQueries({ queryKey: queryKeys.progress });
  }

  async function undoHide(player: LearnPlayer, word: PlayerWord, position: number, undoToken: string) {
    try {
      await undoWordChange(undoToken);
      player.restoreWord(word, position);
      toast({ title: t('learn.toast.wordRestored'), description: word.spanish });
      void markWordsStale();
    } catch (error) {
      toast({
        title: t('learn.toast.errorTitle'),
        description: serverErrorText(t, error) ?? t('learn.toast.undoError'),
        variant: 'destructive',
      });
    }
  }

  /** 'Убрать из изучения' (docs/product/learn.md#taking-a-word-out-of-study), with its undo. */
  async function hide(player: LearnPlayer, word: PlayerWord) {
    setHidingWordId(word.id);
    try {
      const position = player.getSnapshot().words.findIndex((candidate) => candidate.id === word.id);
      const { undoToken } = await hideWord(word.id);
      player.removeWord(word.id);
      toast({
        title: t('learn.toast.wordHidden'),
        description: word.spanish,
        duration: UNDO_OFFER_MS,
        action: {
          label: t('learn.toast.undo'),
          onAction: () => void undoHide(player, word, position, undoToken),
        },
      });
      void markWordsStale();
    } catch {
      toast({
        title: t('learn.toast.errorTitle'),
        description: t('learn.toast.hideError'),
        variant: 'destructive',
      });
    } finally {
      setHidingWordId(null);
    }
  }

  /** Runs one regenerate action at a time for the card; the menu stays disabled meanwhile. */
  async function withBusy(word: PlayerWord, action: () => Promise<void>) {
    setBusyWordId(word.id);
    toast({ title: t('learn.toast.working'), description: word.spanish });
    try {
      await action();
    } finally {
      setBusyWordId(null);
    }
  }

  const regeneratePhraseAndImage = (player: LearnPlayer, word: PlayerWord) =>
    withBusy(word, async () => {
      try {
        const { regenerateImage, regeneratePhrase } = await loadRegenerateCalls();
        const updated = await regeneratePhrase(word.id);
        // The new phrase and its audio are saved: the card shows them even if the picture fails.
        player.updateWord(word.id, {
          example: updated.example,
          exampleTranslation: updated.exampleTranslation,
          highlightedSpanishWord: updated.highlightedSpanishWord,
          highlightedRussianWord: updated.highlightedRussianWord,
          audioData: updated.audioData,
          russianAudioData: updated.russianAudioData,
          secondVoiceAudioData: updated.secondVoiceAudioData,
        });
        void markWordsStale();
        const { imageUrl } = await regenerateImage(
          word.id,
          settings.selectedImageStyle ?? PHOTOGRAPHIC_STYLE,
        );
        player.updateWord(word.id, { imageUrl });
        toast({ title: t('learn.toast.phraseUpdated'), description: updated.example ?? word.spanish });
      } catch (error) {
        log('phrase or picture failed', error);
        toast({
          title: t('learn.toast.errorTitle'),
          description: t('learn.toast.phraseError'),
          variant: 'destructive',
        });
      }
    });

  const regenerateCardAudio = (player: LearnPlayer, word: PlayerWord) =>
    withBusy(word, async () => {
      try {
        const result = await regenerateWordAudio(word.id, { force: true });
        player.updateWord(word.id, {
          audioData: result.audioData,
          russianAudioData: result.russianAudioData,
          secondVoiceAudioData: result.secondVoiceAudioData,
        });
        toast({
          title: result.audioGenerated
            ? t('learn.toast.audioRegenerated')
            : t('learn.toast.audioCacheCleared'),
        });
        void markWordsStale();
      } catch (error) {
        log('audio regeneration failed', error);
        toast({
          title: t('learn.toast.errorTitle'),
          description: t('learn.toast.audioError'),
          variant: 'destructive',
        });
      }
    });

  const regenerateImageInStyle = (player: LearnPlayer, word: PlayerWord, styleId: number) =>
    withBusy(word, async () => {
      try {
        const { regenerateImage } = await loadRegenerateCalls();
        const { imageUrl } = await regenerateImage(word.id, styleId);
        player.updateWord(word.id, { imageUrl });
        toast({ title: t('learn.toast.imageCreated'), description: word.spanish });
        void markWordsStale();
      } catch (error) {
        const message = serverErrorText(t, error);
        toast({
          title: t('learn.toast.imageErrorTitle'),
          description: message
            ? t('learn.toast.imageError', { message })
            : t('learn.toast.imageErrorUnknown'),
          variant: 'destructive',
        });
      }
    });

  return {
    busyWordId,
    hidingWordId,
    onCardPlayed,
    hide,
    regeneratePhraseAndImage,
    regenerateCardAudio,
    regenerateImageInStyle,
  };
}
