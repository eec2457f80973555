import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Check, CircleCheck, FileWarning, LoaderCircle, Pencil, Plus } from 'lucide-react';
import type { UploadResults } from '../../../../shared/api/uploads';
import { mergeTranslations, missingTranslations } from '../../../../shared/text/translations';
import { updateWord } from '../../../lib/api/update-word.api';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { errorText, serverErrorText } from '../../../lib/error-text';
import { queryKeys } from '../../../lib/query-keys';
import { dictionaryWordPath } from '../../../lib/word-link';
import { Button } from '../../../ui/button.component';
import { toast } from '../../../ui/toast-store';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { useVisibleCount } from '../hooks/visible-count.hook';
import { ShowMore } from './show-more.component';
import { DuplicateStatusBadge } from './duplicate-status-badge.component';
import { TableHead, TableScroll } from './table-scroll.component';

/**
 * The detailed duplicate report: one row per skipped word with both translations and its status in the
 * dictionary, what the statuses mean, and where to change them; or the all-clear when nothing was skipped.
 * A word of the dictionary links to its card, and a translation it lacks can be added in one click
 * (docs/product/upload.md#new-translation).
 */
export function DuplicateReport({ duplicates }: { duplicates: UploadResults['duplicates'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { visible, drawn, hasMore, showMore } = useVisibleCount(duplicates.length);

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          {duplicates.length === 0 ? (
            <CircleCheck className="size-5 shrink-0 text-green-700 dark:text-green-400" aria-hidden />
          ) : (
            <FileWarning className="size-5 shrink-0 text-amber-700 dark:text-amber-400" aria-hidden />
          )}
          {t('upload.report.title')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {duplicates.length === 0 ? (
          <p className="font-medium">{t('upload.report.noDuplicates')}</p>
        ) : (
          <>
            <TableScroll labelledBy={titleId}>
              <table className="w-full min-w-xl text-sm" aria-labelledby={titleId}>
                <TableHead
                  columns={[
                    { label: t('upload.report.columnSpanish') },
                    { label: t('upload.report.columnNewTranslation') },
                    { label: t('upload.report.columnCurrentTranslation') },
                    { label: t('upload.report.columnStatus') },
                    { label: t('upload.report.columnReason') },
                    { label: t('upload.report.columnActions') },
                  ]}
                />
                <tbody>
                  {duplicates.slice(0, drawn).map((duplicate, index) => (
                    // Duplicates carry no id and a word can repeat; the report's order does not change.
                    <tr key={`${duplicate.spanish}-${index}`} className="border-b last:border-b-0">
                      <th scope="row" lang="es" className="py-2 pr-3 text-left font-semibold">
                        {duplicate.spanish}
                      </th>
                      <td lang="ru" className="py-2 pr-3">
                        {duplicate.newRussian ?? t('upload.results.noTranslation')}
                      </td>
                      <td lang="ru" className="py-2 pr-3">
                        {duplicate.existingRussian ?? t('upload.results.noTranslation')}
                      </td>
                      <td className="py-2 pr-3">
                        <DuplicateStatusBadge isActive={duplicate.isActive} />
                      </td>
                      <td className="py-2 pr-3 text-muted-foreground">{errorText(t, duplicate.reason)}</td>
                      <td className="py-2">
                        <DuplicateActions duplicate={duplicate} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
            <ShowMore shown={visible} total={duplicates.length} hasMore={hasMore} onShowMore={showMore} />
            <dl className="flex flex-col gap-1 text-sm">
              <div>
                <dt className="inline font-semibold">{t('upload.results.active')}</dt>{' '}
                <dd className="inline">— {t('upload.report.activeExplanation')}</dd>
              </div>
              <div>
                <dt className="inline font-semibold">{t('upload.results.inactive')}</dt>{' '}
                <dd className="inline">— {t('upload.report.inactiveExplanation')}</dd>
              </div>
            </dl>
            <p className="text-sm text-muted-foreground">{t('upload.report.recommendation')}</p>
            <Link
              to="/dictionary"
              className="inline-flex w-fit items-center gap-1 text-sm font-medium underline underline-offset-4 hover:no-underline"
            >
              {t('upload.report.dictionaryLink')}
              <ArrowRight className="size-4" aria-hidden />
            </Link>
          </>
        )}
      </CardContent>
    </Card>
  );
}

type Duplicate = UploadResults['duplicates'][number];

/**
 * docs/product/upload.md#new-translation: the parts of the new translation the word lacks, 'add the
 * translation' that appends them, and the link to the word's card.
 */
function DuplicateActions({ duplicate }: { duplicate: Duplicate }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [state, setState] = useState<'idle' | 'saving' | 'added'>('idle');
  const wordId = duplicate.existingWordId;
  if (wordId === null) return null;
  const missing =
    duplicate.newRussian && duplicate.existingRussian !== null
      ? missingTranslations(duplicate.existingRussian, duplicate.newRussian)
      : [];

  const addTranslation = async () => {
    if (state !== 'idle' || !duplicate.newRussian) return;
    // The dictionary as this tab knows it may be newer than the report (the translation added since).
    const current =
      queryClient.getQueryData<DictionaryWord[]>(queryKeys.words.whole)?.find((word) => word.id === wordId)
        ?.russian ??
      duplicate.existingRussian ??
      '';
    setState('saving');
    try {
      const updated = await updateWord({
        wordId,
        update: { russian: mergeTranslations(current, duplicate.newRussian) },
      });
      setState('added');
      void queryClient.invalidateQueries({ queryKey: queryKeys.words.all });
      toast({
        title: t('upload.report.translationAdded'),
        description: t('upload.report.translationAddedDescription', {
          word: updated.spanish,
          russian: updated.russian,
        }),
      });
    } catch (error) {
      setState('idle');
      toast({
        title: t('upload.report.addTranslationFailed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    }
  };

  return (
    <div className="flex flex-col items-start gap-1">
      {missing.length > 0 && state !== 'added' ? (
        <>
          <span className="text-xs text-muted-foreground">
            {t('upload.report.translationDiffers', { missing: missing.join(', ') })}
          </span>
          <Button
            size="sm"
            variant="outline"
            aria-disabled={state === 'saving'}
            aria-label={t('upload.report.addTranslationLabel', {
              missing: missing.join(', '),
              word: duplicate.spanish,
            })}
            onClick={() => void addTranslation()}
          >
            {state === 'saving' ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Plus aria-hidden />
            )}
            {t('upload.report.addTranslation')}
          </Button>
        </>
      ) : null}
      {state === 'added' ? (
        <span role="status" className="inline-flex items-center gap-1 text-xs font-medium">
          <Check className="size-3" aria-hidden />
          {t('upload.report.translationAdded')}
        </span>
      ) : null}
      <Link
        to={dictionaryWordPath(wordId)}
        aria-label={t('upload.report.editLabel', { word: duplicate.spanish })}
        className="inline-flex items-center gap-1 text-sm font-medium underline underline-offset-4 hover:no-underline"
      >
        <Pencil className="size-3" aria-hidden />
        {t('upload.report.edit')}
      </Link>
    </div>
  );
}
