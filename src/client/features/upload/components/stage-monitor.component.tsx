import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CircleCheck, CircleDashed, CircleSlash, Hourglass, LoaderCircle, Sparkles } from 'lucide-react';
import type { UploadJob } from '../../../../shared/api/uploads';
import { cn } from '../../../lib/cn';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { deriveStageRows, type StageStatus } from '../lib/upload-stages';
import { TableHead, TableScroll } from './table-scroll.component';

const STATUS_ICONS: Record<StageStatus, typeof CircleCheck> = {
  done: CircleCheck,
  running: LoaderCircle,
  waiting: Hourglass,
  'not-started': CircleDashed,
  skipped: CircleSlash,
};

const STATUS_CLASSES: Record<StageStatus, string> = {
  done: 'text-green-700 dark:text-green-400',
  running: 'text-primary dark:text-foreground',
  waiting: 'text-amber-700 dark:text-amber-400',
  'not-started': 'text-muted-foreground',
  skipped: 'text-muted-foreground',
};

/** Settings opened on its API tab (the `tab` search parameter picks the tab). */
const SETTINGS_API_PATH = '/settings?tab=api';

/**
 * The ten stages of docs/product/upload.md#stages with completed / total and a status icon each, then the
 * final stage line.
 */
export function StageMonitor({ job }: { job: UploadJob | null }) {
  const { t } = useTranslation();
  const titleId = useId();
  const rows = deriveStageRows(
    job ? { status: job.status, stage: job.progress.stage, stages: job.progress.stages } : null,
  );

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('upload.monitor.title')}</CardTitle>
        <CardDescription>{t('upload.monitor.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <TableScroll labelledBy={titleId}>
          <table className="w-full text-sm" aria-labelledby={titleId}>
            <TableHead
              columns={[
                { label: t('upload.monitor.columnStage') },
                { label: t('upload.monitor.columnProgress'), className: 'text-right' },
                { label: t('upload.monitor.columnStatus') },
              ]}
            />
            <tbody>
              {rows.map((row, index) => {
                const Icon = STATUS_ICONS[row.status];
                return (
                  <tr key={row.name} className="border-b last:border-b-0" data-stage={row.name}>
                    <th scope="row" className="py-2 pr-3 text-left font-normal">
                      <span className="mr-2 text-muted-foreground tabular-nums">{index + 1}.</span>
                      {t(`upload.stages.${row.name}.name`)}
                    </th>
                    <td className="py-2 pr-3 text-right whitespace-nowrap tabular-nums">
                      {row.skipReason
                        ? '—'
                        : t('upload.monitor.count', { completed: row.completed, total: row.total })}
                    </td>
                    <td className="py-2">
                      <span className="inline-flex items-start gap-1.5">
                        <Icon
                          className={cn(
                            'mt-0.5 size-4 shrink-0',
                            STATUS_CLASSES[row.status],
                            row.status === 'running' && 'animate-spin',
                          )}
                          aria-hidden
                        />
                        {row.skipReason ? (
                          <span>
                            {t(`upload.monitor.skipReasons.${row.skipReason}`)}
                            {row.skipReason === 'no_language_model' ? (
                              <>
                                {' '}
                                <Link
                                  to={SETTINGS_API_PATH}
                                  className="font-medium whitespace-nowrap text-primary underline underline-offset-4 dark:text-foreground"
                                >
                                  {t('upload.monitor.settingsLink')}
                                </Link>
                              </>
                            ) : null}
                          </span>
                        ) : (
                          <span>{t(`upload.monitor.status.${row.status}`)}</span>
                        )}
                      </span>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
        <p className="flex items-start gap-2 rounded-lg bg-muted p-3 text-sm">
          <Sparkles className="mt-0.5 size-4 shrink-0 text-accent-text" aria-hidden />
          {t('upload.monitor.finalStage')}
        </p>
      </CardContent>
    </Card>
  );
}
