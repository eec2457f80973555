import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { Undo2 } from 'lucide-react';
import type { UploadFill, UploadResults } from '../../../../shared/api/uploads';
import { serverErrorText } from '../../../lib/error-text';
import { queryKeys } from '../../../lib/query-keys';
import { Button } from '../../../ui/button.component';
import { toast } from '../../../ui/toast-store';
import { undoFill } from '../api/undo-fill.api';

type AddedWord = UploadResults['words'][number];

/**
 * The fields the app filled without a model for one word (docs/product/upload.md#fills-without-a-model),
 * a line each with its undo; `onUndone` gets the word as the learner typed that field.
 */
export function WordFills({ word, onUndone }: { word: AddedWord; onUndone: (word: AddedWord) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<UploadFill['field'] | null>(null);
  if (word.filled.length === 0) return null;

  const undo = async (fill: UploadFill) => {
    setSaving(fill.field);
    try {
      const saved = await undoFill(word.id, fill);
      void queryClient.invalidateQueries({ queryKey: queryKeys.words.all });
      onUndone({
        ...word,
        spanish: saved.spanish,
        partOfSpeech: saved.partOfSpeech,
        filled: word.filled.filter((other) => other.field !== fill.field),
      });
    } catch (error) {
      toast({
        title: t('upload.results.undoFillFailed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    } finally {
      setSaving(null);
    }
  };

  // A group, not a list: the report's rows are the list's items, and counted so.
  return (
    <div
      role="group"
      className="flex flex-col gap-1"
      aria-label={t('upload.results.filledTitle', { spanish: word.spanish })}
    >
      {word.filled.map((fill) => (
        <p key={fill.field} className="flex flex-wrap items-center gap-x-2 text-sm text-muted-foreground">
          <span>
            {fill.field === 'article'
              ? t('upload.results.filledArticle')
              : t('upload.results.filledPartOfSpeech')}
          </span>
          <Button
            size="sm"
            variant="ghost"
            className="h-9 px-2"
            disabled={saving !== null}
            aria-label={
              fill.field === 'article'
                ? t('upload.results.undoArticle', { typed: fill.typed ?? word.spanish })
                : t('upload.results.undoPartOfSpeech', { spanish: word.spanish })
            }
            onClick={() => void undo(fill)}
          >
            <Undo2 aria-hidden="true" />
            {t('upload.results.undoFill')}
          </Button>
        </p>
      ))}
    </div>
  );
}
