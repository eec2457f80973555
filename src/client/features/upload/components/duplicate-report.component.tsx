import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ArrowRight, CircleCheck, FileWarning } from 'lucide-react';
import type { UploadResults } from '../../../../shared/api/uploads';
import { errorText } from '../../../lib/error-text';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { useVisibleCount } from '../hooks/visible-count.hook';
import { ShowMore } from './show-more.component';
import { DuplicateStatusBadge } from './duplicate-status-badge.component';
import { TableHead, TableScroll } from './table-scroll.component';

/**
 * The detailed duplicate report: one row per skipped word with both translations and its status in the
 * dictionary, what the statuses mean, and where to change them; or the all-clear when nothing was skipped.
 */
export function DuplicateReport({ duplicates }: { duplicates: UploadResults['duplicates'] }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { visible, hasMore, showMore } = useVisibleCount(duplicates.length);

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
                  ]}
                />
                <tbody>
                  {duplicates.slice(0, visible).map((duplicate, index) => (
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
                      <td className="py-2 text-muted-foreground">{errorText(t, duplicate.reason)}</td>
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
