import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { ArticleRepair } from '../../../../shared/api/word-maintenance';
import { updateWord } from '../../../lib/api/update-word.api';
import { serverErrorText } from '../../../lib/error-text';
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
import { useArticleRepairs } from '../api/article-repairs.api';
import { useWordCache } from '../hooks/word-cache.hook';

/**
 * The words an earlier upload without a language model gave an article (docs/product/dictionary.md#words-to-repair),
 * each with its repair; the learner repairs them one by one or all at once, through the word edit.
 */
export function ArticleRepairsDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cache = useWordCache();
  const repairs = useArticleRepairs(isOpen);
  const [repairingIds, setRepairingIds] = useState<ReadonlySet<number>>(new Set());
  const words = repairs.data?.words ?? [];

  const repair = async (listed: readonly ArticleRepair[]) => {
    setRepairingIds(new Set(listed.map((word) => word.id)));
    try {
      for (const word of listed) {
        await updateWord({
          wordId: word.id,
          update: { spanish: word.repairedSpanish, partOfSpeech: word.repairedPartOfSpeech },
        });
      }
    } catch (error) {
      toast({
        title: t('dictionary.articleRepairs.failed'),
        description: serverErrorText(t, error) ?? t('dictionary.toasts.actionFailed'),
        variant: 'destructive',
      });
    } finally {
      setRepairingIds(new Set());
      cache.refetchAll();
    }
  };
  const isRepairing = repairingIds.size > 0;

  return (
    <Dialog open={isOpen} onOpenChange={(open) => !open && !isRepairing && onClose()}>
      <DialogContent closeLabel={t('dictionary.close')}>
        <DialogHeader>
          <DialogTitle>{t('dictionary.articleRepairs.title')}</DialogTitle>
          <DialogDescription>{t('dictionary.articleRepairs.description')}</DialogDescription>
        </DialogHeader>
        {repairs.isPending ? (
          <p className="text-muted-foreground">{t('dictionary.articleRepairs.loading')}</p>
        ) : repairs.isError ? (
          <p>{t('dictionary.articleRepairs.loadError')}</p>
        ) : words.length === 0 ? (
          <p>{t('dictionary.articleRepairs.empty')}</p>
        ) : (
          <ul
            className="flex max-h-80 flex-col gap-2 overflow-y-auto"
            aria-label={t('dictionary.articleRepairs.title')}
          >
            {words.map((word) => (
              <li key={word.id} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  <s>{word.spanish}</s> → <strong>{word.repairedSpanish}</strong>
                  {word.repairedPartOfSpeech
                    ? ` (${t(`dictionary.partsOfSpeech.${word.repairedPartOfSpeech}`)})`
                    : ''}{' '}
                  — {word.russian}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={isRepairing}
                  onClick={() => void repair([word])}
                >
                  {repairingIds.has(word.id) ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
                  {t('dictionary.articleRepairs.repair')}
                </Button>
              </li>
            ))}
          </ul>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose} disabled={isRepairing}>
            {t('dictionary.close')}
          </Button>
          {words.length > 1 ? (
            <Button onClick={() => void repair(words)} disabled={isRepairing}>
              {t('dictionary.articleRepairs.repairAll', { count: words.length })}
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
