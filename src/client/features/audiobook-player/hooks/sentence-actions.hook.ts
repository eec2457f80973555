import { useTranslation } from 'react-i18next';
import type { Sentence } from '../../../../shared/api/audiobooks';
import type { LearnPlayer } from '../../../lib/audio/learn-player.types';
import { serverErrorText } from '../../../lib/error-text';
import { toast } from '../../../ui/toast-store';
import { useMakeCover } from '../api/make-cover.api';
import { useRegenerateAudio } from '../api/regenerate-audio.api';
import { useRegenerateImage } from '../api/regenerate-image.api';
import { useRegenerateRussian } from '../api/regenerate-russian.api';
import { useRegenerateSpanish } from '../api/regenerate-spanish.api';

/**
 * The menu's actions on one sentence (docs/product/audiobooks.md#pictures-and-cover): its clips, its Spanish
 * or Russian text, its picture made again, or its picture made the cover, each said in a toast. The sentence
 * is the one the menu was opened on (`target`, with its 1-based number), null when there is none.
 */
export function useSentenceActions({
  bookId,
  player,
  pictures,
  target,
}: {
  bookId: number;
  player: LearnPlayer;
  pictures: readonly (string | null)[];
  target: { sentence: Sentence; n: number } | null;
}) {
  const { t } = useTranslation();
  const regenerateAudio = useRegenerateAudio(bookId);
  const regenerateSpanish = useRegenerateSpanish(bookId);
  const regenerateRussian = useRegenerateRussian(bookId);
  const regenerateImage = useRegenerateImage(bookId);
  const makeCover = useMakeCover(bookId);
  const isBusy = [regenerateAudio, regenerateSpanish, regenerateRussian, regenerateImage, makeCover].some(
    (mutation) => mutation.isPending,
  );

  const failure = (title: string, fallback: string) => (error: unknown) =>
    toast({ title, description: serverErrorText(t, error) ?? fallback, variant: 'destructive' });
  const withSentence = (action: (sentence: Sentence, n: number) => void) => () => {
    if (!target) {
      toast({ title: t('audiobookPlayer.alerts.noCurrentSentence'), variant: 'destructive' });
      return;
    }
    action(target.sentence, target.n);
  };
  // Its texts or clips changed: the engine loads its clips again.
  const forgetClips = (sentence: Sentence) =>
    player.updateWord(sentence.id, { audioData: null, secondVoiceAudioData: null, russianAudioData: null });
  const request = (sentence: Sentence) => ({ id: bookId, sentenceId: sentence.id });

  return {
    isBusy,
    onRegenerateAudio: withSentence((sentence) =>
      regenerateAudio.mutate(request(sentence), {
        onSuccess: () => {
          forgetClips(sentence);
          toast({ title: t('audiobookPlayer.alerts.regenerateAudioDone', { text: sentence.spanish }) });
        },
        onError: failure(
          t('audiobookPlayer.alerts.regenerateAudioFailed'),
          t('audiobookPlayer.alerts.regenerateAudioError'),
        ),
      }),
    ),
    onRegenerateSpanish: withSentence((sentence, n) =>
      regenerateSpanish.mutate(request(sentence), {
        onSuccess: () => {
          forgetClips(sentence);
          toast({ title: t('audiobookPlayer.alerts.regenerateSpanishDone', { n }) });
        },
        onError: failure(
          t('audiobookPlayer.alerts.regenerateSpanishFailed'),
          t('audiobookPlayer.alerts.regenerateSpanishError'),
        ),
      }),
    ),
    onRegenerateRussian: withSentence((sentence, n) =>
      regenerateRussian.mutate(request(sentence), {
        onSuccess: () => {
          forgetClips(sentence);
          toast({ title: t('audiobookPlayer.alerts.regenerateRussianDone', { n }) });
        },
        onError: failure(
          t('audiobookPlayer.alerts.regenerateRussianFailed'),
          t('audiobookPlayer.alerts.regenerateRussianError'),
        ),
      }),
    ),
    onRegenerateImage: withSentence((sentence, n) =>
      regenerateImage.mutate(request(sentence), {
        onSuccess: () => toast({ title: t('audiobookPlayer.alerts.regenerateImageDone', { n }) }),
        onError: failure(
          t('audiobookPlayer.alerts.regenerateImageFailed'),
          t('audiobookPlayer.alerts.regenerateImageError'),
        ),
      }),
    ),
    onMakeCover: withSentence((sentence, n) => {
      if (!pictures[n - 1]) {
        toast({ title: t('audiobookPlayer.alerts.noCoverImage'), variant: 'destructive' });
        return;
      }
      makeCover.mutate(request(sentence), {
        onSuccess: () => toast({ title: t('audiobookPlayer.alerts.coverDone') }),
        onError: failure(t('audiobookPlayer.alerts.coverFailed'), t('audiobookPlayer.alerts.coverError')),
      });
    }),
  };
}
