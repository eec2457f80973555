import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DICTIONARY_JOB_KINDS, type DictionaryJobKind } from '../../../../shared/api/dictionary';
import { serverErrorText } from '../../../lib/error-text';
import { toast } from '../../../ui/toast-store';
import { clearExpiredImages } from '../api/clear-expired-images.api';
import { deleteAllAudio } from '../api/delete-all-audio.api';
import { deleteWithoutImages } from '../api/delete-without-images.api';
import { generateMissingImages } from '../api/generate-missing-images.api';
import { regenerateAllImages } from '../api/regenerate-all-images.api';
import { regenerateAllPhrases } from '../api/regenerate-all-phrases.api';
import { resetListenCount } from '../api/reset-listen-count.api';
import { UNDO_OFFER_MS, undoWordChange } from '../../../lib/api/undo-word-change.api';
import { updateTags } from '../api/update-tags.api';
import type { ConfirmRequest } from '../components/confirm-dialog.component';
import type { MaintenanceAction } from '../components/maintenance-menu.component';
import type { useDictionaryJobs } from './dictionary-jobs.hook';
import { useWordCache } from './word-cache.hook';

type JobAction = Extract<
  MaintenanceAction,
  | 'regenerateAllPhrases'
  | 'regenerateAllImages'
  | 'generateMissingImages'
  | 'clearExpiredImages'
  | 'updateTags'
>;

/**
 * Each long action, its job kind, its call, and the spec's failure title (docs/product/errors.md#catalogue).
 */
const JOB_ACTIONS: Record<
  JobAction,
  {
    kind: DictionaryJobKind;
    run: () => Promise<{ jobId: string; totalWords: number }>;
    failureTitle: 'regenerateFailedTitle' | 'generateFailedTitle' | 'clearFailedTitle' | 'tagsFailedTitle';
  }
> = {
  regenerateAllPhrases: {
    kind: DICTIONARY_JOB_KINDS.regenerateAllPhrases,
    run: regenerateAllPhrases,
    failureTitle: 'regenerateFailedTitle',
  },
  regenerateAllImages: {
    kind: DICTIONARY_JOB_KINDS.regenerateAllImages,
    run: regenerateAllImages,
    failureTitle: 'regenerateFailedTitle',
  },
  generateMissingImages: {
    kind: DICTIONARY_JOB_KINDS.generateMissingImages,
    run: generateMissingImages,
    failureTitle: 'generateFailedTitle',
  },
  clearExpiredImages: {
    kind: DICTIONARY_JOB_KINDS.clearExpiredImages,
    run: clearExpiredImages,
    failureTitle: 'clearFailedTitle',
  },
  updateTags: { kind: DICTIONARY_JOB_KINDS.updateTags, run: updateTags, failureTitle: 'tagsFailedTitle' },
};

const isJobAction = (action: MaintenanceAction): action is JobAction => action in JOB_ACTIONS;

/** The maintenance menu's actions: jobs, direct calls, the three that ask first, and a dialog. */
export function useMaintenanceActions(
  jobs: ReturnType<typeof useDictionaryJobs>,
  askToConfirm: (request: ConfirmRequest) => void,
  openArticleRepairs: () => void,
) {
  const { t } = useTranslation();
  const cache = useWordCache();
  const [pending, setPending] = useState<ReadonlySet<MaintenanceAction>>(new Set());

  const track = async (action: MaintenanceAction, work: () => Promise<void>) => {
    setPending((current) => new Set(current).add(action));
    try {
      await work();
    } finally {
      setPending((current) => {
        const next = new Set(current);
        next.delete(action);
        return next;
      });
    }
  };

  const startJob = (action: JobAction) =>
    track(action, async () => {
      const { kind, run } = JOB_ACTIONS[action];
      try {
        await jobs.start(kind, run);
      } catch (error) {
        toast({
          title: t(`dictionary.toasts.${JOB_ACTIONS[action].failureTitle}`),
          description: serverErrorText(t, error) ?? t('dictionary.toasts.actionFailed'),
          variant: 'destructive',
        });
      }
    });

  const undoReset = async (undoToken: string) => {
    try {
      const { restored } = await undoWordChange(undoToken);
      cache.refetchAll();
      toast({
        title: t('dictionary.toasts.resetUndone'),
        description: t('dictionary.toasts.resetUndoneDescription', { count: restored }),
      });
    } catch (error) {
      toast({
        title: t('dictionary.toasts.undoFailedTitle'),
        description: serverErrorText(t, error) ?? t('dictionary.toasts.actionFailed'),
        variant: 'destructive',
      });
    }
  };

  const resetListened = () =>
    track('resetListenCount', async () => {
      try {
        const answer = await resetListenCount();
        cache.refetchAll();
        toast({
          title: t('dictionary.toasts.resetDone'),
          description: t('dictionary.toasts.resetDoneDescription', { count: answer.reset }),
          // Nothing to take back when no word had been listened to.
          ...(answer.reset > 0 && {
            duration: UNDO_OFFER_MS,
            action: { label: t('dictionary.toasts.undo'), onAction: () => void undoReset(answer.undoToken) },
          }),
        });
      } catch {
        toast({
          title: t('dictionary.toasts.resetFailedTitle'),
          description: t('dictionary.toasts.resetFailedDescription'),
          variant: 'destructive',
        });
      }
    });

  const removeAllAudio = () =>
    track('deleteAllAudio', async () => {
      try {
        const answer = await deleteAllAudio();
        cache.refetchAll();
        toast({
          title: t('dictionary.toasts.audioDeleted'),
          description: t('dictionary.toasts.audioDeletedDescription', { count: answer.deletedCount }),
        });
      } catch (error) {
        toast({
          title: t('dictionary.toasts.errorTitle'),
          description: serverErrorText(t, error) ?? t('dictionary.toasts.audioDeleteFailed'),
          variant: 'destructive',
        });
      }
    });

  const removeWithoutImages = () =>
    track('deleteWithoutImages', async () => {
      try {
        const answer = await deleteWithoutImages();
        cache.refetchAll();
        toast({
          title: t('dictionary.toasts.withoutImagesDeleted'),
          description: t('dictionary.toasts.deletedDescription', { count: answer.deletedCount }),
        });
      } catch (error) {
        toast({
          title: t('dictionary.toasts.deleteFailedTitle'),
          description: serverErrorText(t, error) ?? t('dictionary.toasts.deleteFailedDescription'),
          variant: 'destructive',
        });
      }
    });

  const run = (action: MaintenanceAction) => {
    if (isJobAction(action)) {
      void startJob(action);
      return;
    }
    switch (action) {
      case 'resetListenCount':
        askToConfirm({
          title: t('dictionary.confirm.resetListenCountTitle'),
          description: t('dictionary.confirm.resetListenCountDescription'),
          confirmLabel: t('dictionary.confirm.resetListenCountConfirm'),
          onConfirm: resetListened,
        });
        return;
      case 'repairArticles':
        openArticleRepairs();
        return;
      case 'deleteAllAudio':
        askToConfirm({
          title: t('dictionary.confirm.deleteAllAudioTitle'),
          description: t('dictionary.confirm.deleteAllAudioDescription'),
          confirmLabel: t('dictionary.confirm.deleteAllAudioConfirm'),
          onConfirm: removeAllAudio,
        });
        return;
      case 'deleteWithoutImages':
        askToConfirm({
          title: t('dictionary.confirm.deleteWithoutImagesTitle'),
          description: t('dictionary.confirm.deleteWithoutImagesDescription'),
          confirmLabel: t('dictionary.confirm.deleteWithoutImagesConfirm'),
          onConfirm: removeWithoutImages,
        });
        return;
    }
  };

  const busy = new Set(pending);
  for (const action of Object.keys(JOB_ACTIONS) as JobAction[]) {
    if (jobs.isRunning(JOB_ACTIONS[action].kind)) busy.add(action);
  }
  return { busy: busy as ReadonlySet<MaintenanceAction>, run };
}
