import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AudioLines, CircleAlert, CirclePlus, CopyX, LifeBuoy, type LucideIcon } from 'lucide-react';
import type { CodedError } from '../../../../shared/api/errors';
import type { UploadResults as UploadResultsData } from '../../../../shared/api/uploads';
import { errorText } from '../../../lib/error-text';
import { useJob } from '../../../lib/jobs/job.hook';
import { jobDoneCount } from '../../../lib/jobs/job-progress';
import { usePartOfSpeechLabel } from '../../../lib/hooks/part-of-speech-label.hook';
import { Badge } from '../../../ui/badge.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { CefrBadge } from '../../../ui/cefr-badge.component';
import { useVisibleCount } from '../hooks/visible-count.hook';
import { reportedWordOf } from '../lib/upload-job-state';
import { DuplicateReport } from './duplicate-report.component';
import { DuplicateStatusBadge } from './duplicate-status-badge.component';
import { HighlightedText } from './highlighted-text.component';
import { ShowMore } from './show-more.component';
import { TableHead, TableScroll } from './table-scroll.component';
import { WordFills } from './word-fills.component';
import { WordPair } from '../../../ui/word-pair.component';

type AddedWord = UploadResultsData['words'][number];
type Duplicate = UploadResultsData['duplicates'][number];
type UploadError = UploadResultsData['errors'][number];
type Fallback = UploadResultsData['fallbacks'][number];
type StoppedProvider = UploadResultsData['stoppedProviders'][number];

/**
 * After the job: the words added, the duplicates skipped (list and detailed report), the words that got
 * built-in pictures or voices because a provider failed (docs/product/upload.md#results-report), and
 * the errors; while the built-in voice is still recording the words' clips, how far it has got.
 */
export function UploadResults({ results }: { results: UploadResultsData }) {
  return (
    <div className="flex flex-col gap-6">
      {results.builtinClipsJobId ? <BuiltinClips jobId={results.builtinClipsJobId} /> : null}
      <AddedWords words={results.words} more={results.moreWords} />
      {results.duplicates.length > 0 ? (
        <SkippedDuplicates duplicates={results.duplicates} more={results.moreDuplicates} />
      ) : null}
      <DuplicateReport duplicates={results.duplicates} />
      {results.fallbacks.length > 0 || results.stoppedProviders.length > 0 ? (
        <Fallbacks fallbacks={results.fallbacks} stoppedProviders={results.stoppedProviders} />
      ) : null}
      {results.errors.length > 0 ? <UploadErrors errors={results.errors} more={results.moreErrors} /> : null}
    </div>
  );
}

/**
 * The built-in clips job the upload queued (docs/product/upload.md#built-in-clips-on-demand), followed live:
 * how many words have their clips, and which one is being recorded. Hidden once the job is gone.
 */
function BuiltinClips({ jobId }: { jobId: string }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { job, isGone } = useJob(jobId);
  if (!job || isGone) return null;
  const status = job.status;
  let text: string;
  switch (status) {
    case 'pending':
      text = t('upload.results.clipsWaiting');
      break;
    case 'processing':
      text = t('upload.results.clipsMaking', { done: jobDoneCount(job), total: job.progress.total });
      break;
    case 'completed':
      text = t('upload.results.clipsDone');
      break;
    case 'failed':
    case 'cancelled':
      text = t('upload.results.clipsStopped');
      break;
  }
  const currentWord = status === 'processing' ? job.progress.currentWord : null;
  return (
    <ReportCard
      titleId={titleId}
      icon={AudioLines}
      iconClassName="text-primary"
      title={t('upload.results.clipsTitle')}
    >
      <p role="status">{text}</p>
      {currentWord ? (
        <p className="text-sm text-muted-foreground">
          {t('upload.results.clipsCurrent')}{' '}
          <span lang="es" className="font-medium text-foreground">
            {currentWord}
          </span>
        </p>
      ) : null}
      {status === 'pending' || status === 'processing' ? (
        <p className="mt-2 text-sm text-muted-foreground">{t('upload.results.clipsHint')}</p>
      ) : null}
    </ReportCard>
  );
}

function AddedWords({ words, more }: { words: readonly AddedWord[]; more: number }) {
  const { t } = useTranslation();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  const titleId = useId();
  const { visible, drawn, hasMore, showMore } = useVisibleCount(words.length);
  // Words whose fill the learner undid here, as they are saved now.
  const [undone, setUndone] = useState<ReadonlyMap<number, AddedWord>>(new Map());
  const onUndone = (word: AddedWord) => setUndone((words) => new Map(words).set(word.id, word));
  return (
    <ReportCard
      titleId={titleId}
      icon={CirclePlus}
      iconClassName="text-green-700 dark:text-green-400"
      title={t('upload.results.addedTitle', { count: words.length + more })}
    >
      {words.length === 0 ? (
        <p className="text-muted-foreground">{t('upload.results.addedEmpty')}</p>
      ) : (
        <ul className="divide-y" aria-labelledby={titleId}>
          {words.slice(0, drawn).map((reported) => {
            const word = undone.get(reported.id) ?? reported;
            return (
              <li key={word.id} className="flex flex-col gap-1.5 py-3">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <WordPair
                    spanish={word.spanish}
                    russian={word.russian}
                    untranslated={t('upload.results.wordUntranslated')}
                    spanishAs="span"
                    russianAs="span"
                    russianClassName="text-muted-foreground"
                  />
                  {word.cefrLevel ? <CefrBadge level={word.cefrLevel} /> : null}
                  {word.partOfSpeech ? (
                    <Badge
                      variant="secondary"
                      title={t('upload.results.partOfSpeech', {
                        value: partOfSpeechLabel(word.partOfSpeech),
                      })}
                    >
                      {partOfSpeechLabel(word.partOfSpeech)}
                    </Badge>
                  ) : null}
                </div>
                {word.example ? (
                  <p className="text-sm">
                    <span className="sr-only">{t('upload.results.example')}: </span>
                    <span lang="es">
                      <HighlightedText text={word.example} />
                    </span>
                  </p>
                ) : null}
                {word.exampleTranslation ? (
                  <p className="text-sm text-muted-foreground">
                    <span className="sr-only">{t('upload.results.exampleTranslation')}: </span>
                    <span lang="ru">
                      <HighlightedText text={word.exampleTranslation} />
                    </span>
                  </p>
                ) : null}
                <WordFills word={word} onUndone={onUndone} />
              </li>
            );
          })}
        </ul>
      )}
      <ShowMore shown={visible} total={words.length} hasMore={hasMore} onShowMore={showMore} />
      <NotListed count={more} text="upload.results.moreWords" isShown={!hasMore} />
    </ReportCard>
  );
}

/**
 * The lines a long import's report counts but does not list (docs/product/upload.md#results-report), said
 * once the listed ones are all shown.
 */
function NotListed({
  count,
  text,
  isShown,
}: {
  count: number;
  text: 'upload.results.moreWords' | 'upload.results.moreLines';
  isShown: boolean;
}) {
  const { t } = useTranslation();
  if (count === 0 || !isShown) return null;
  return <p className="mt-3 text-sm text-muted-foreground">{t(text, { count })}</p>;
}

function SkippedDuplicates({ duplicates, more }: { duplicates: readonly Duplicate[]; more: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { visible, drawn, hasMore, showMore } = useVisibleCount(duplicates.length);
  return (
    <ReportCard
      titleId={titleId}
      icon={CopyX}
      iconClassName="text-amber-700 dark:text-amber-400"
      title={t('upload.results.duplicatesTitle', { count: duplicates.length + more })}
    >
      <ul className="divide-y" aria-labelledby={titleId}>
        {duplicates.slice(0, drawn).map((duplicate, index) => (
          // Duplicates carry no id and one word can be skipped twice; the position in the report is stable.
          <li key={`${duplicate.spanish}-${index}`} className="flex flex-col gap-1 py-3">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span lang="es" className="font-semibold">
                {duplicate.spanish}
              </span>
              <DuplicateStatusBadge isActive={duplicate.isActive} />
            </div>
            <p className="text-sm">
              <span className="text-muted-foreground">{t('upload.results.newRussian')}: </span>
              <span lang="ru">{duplicate.newRussian ?? t('upload.results.noTranslation')}</span>
              <span className="text-muted-foreground"> · {t('upload.results.existingRussian')}: </span>
              <span lang="ru">{duplicate.existingRussian ?? t('upload.results.noTranslation')}</span>
            </p>
            <p className="text-sm text-muted-foreground">{errorText(t, duplicate.reason)}</p>
          </li>
        ))}
      </ul>
      <ShowMore shown={visible} total={duplicates.length} hasMore={hasMore} onShowMore={showMore} />
      <NotListed count={more} text="upload.results.moreLines" isShown={!hasMore} />
    </ReportCard>
  );
}

function Fallbacks({
  fallbacks,
  stoppedProviders,
}: {
  fallbacks: readonly Fallback[];
  stoppedProviders: readonly StoppedProvider[];
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const { visible, drawn, hasMore, showMore } = useVisibleCount(fallbacks.length);
  return (
    <ReportCard
      titleId={titleId}
      icon={LifeBuoy}
      iconClassName="text-sky-700 dark:text-sky-400"
      title={t('upload.results.fallbacksTitle', { count: fallbacks.length })}
      contentClassName="flex flex-col gap-3"
    >
      {/* A provider that stopped answering is named once, not on every word it would have served. */}
      {stoppedProviders.map(({ provider }) => (
        <p key={provider} role="status">
          {errorText(t, { code: 'upload_provider_stopped', params: { provider } })}
        </p>
      ))}
      {fallbacks.length > 0 ? (
        <>
          <p className="text-sm text-muted-foreground">{t('upload.results.fallbacksHint')}</p>
          <LineReportTable
            titleId={titleId}
            reasonLabel={t('upload.results.fallbackColumnReason')}
            rows={fallbacks.slice(0, drawn).map((fallback) => ({
              // A line falls back at most once per stage.
              key: `${fallback.lineNumber}-${fallback.stage}`,
              ...fallback,
            }))}
          />
          <ShowMore shown={visible} total={fallbacks.length} hasMore={hasMore} onShowMore={showMore} />
        </>
      ) : null}
    </ReportCard>
  );
}

function UploadErrors({ errors, more }: { errors: readonly UploadError[]; more: number }) {
  const { t } = useTranslation();
  const titleId = useId();
  const { visible, drawn, hasMore, showMore } = useVisibleCount(errors.length);
  return (
    <ReportCard
      titleId={titleId}
      icon={CircleAlert}
      iconClassName="text-red-700 dark:text-red-400"
      title={t('upload.results.errorsTitle', { count: errors.length + more })}
    >
      <LineReportTable
        titleId={titleId}
        reasonLabel={t('upload.results.errorColumnMessage')}
        rows={errors.slice(0, drawn).map((error, index) => ({
          // Errors carry no id; a line can fail at two stages, so the position keeps keys apart.
          key: `${error.lineNumber ?? 'none'}-${error.stage}-${index}`,
          ...error,
        }))}
      />
      <ShowMore shown={visible} total={errors.length} hasMore={hasMore} onShowMore={showMore} />
      <NotListed count={more} text="upload.results.moreLines" isShown={!hasMore} />
    </ReportCard>
  );
}

/** A row of the report about one line: its number, word, stage and a coded reason. */
type LineReportRow = CodedError & {
  key: string;
  lineNumber: number | null;
  spanish: string | null;
  stage: UploadError['stage'];
};

/** The table the errors and the fallbacks share: line, word, stage and why. */
function LineReportTable({
  titleId,
  reasonLabel,
  rows,
}: {
  titleId: string;
  reasonLabel: string;
  rows: readonly LineReportRow[];
}) {
  const { t } = useTranslation();
  return (
    <TableScroll labelledBy={titleId}>
      <table className="w-full min-w-lg text-sm" aria-labelledby={titleId}>
        <TableHead
          columns={[
            { label: t('upload.results.errorColumnLine') },
            { label: t('upload.results.errorColumnWord') },
            { label: t('upload.results.errorColumnStage') },
            { label: reasonLabel },
          ]}
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className="border-b last:border-b-0">
              <td className="py-2 pr-3 whitespace-nowrap tabular-nums">
                {row.lineNumber === null
                  ? t('upload.results.errorNoLine')
                  : t('upload.results.errorLine', { line: row.lineNumber })}
              </td>
              <td className="py-2 pr-3" lang={row.spanish === null ? undefined : 'es'}>
                {reportedWordOf(row) ?? t('upload.results.noTranslation')}
              </td>
              <td className="py-2 pr-3">{t(`upload.stages.${row.stage}.name`)}</td>
              <td className="py-2">{errorText(t, row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** One section of the report: a card whose title, with its icon, names the region. */
function ReportCard({
  titleId,
  icon: Icon,
  iconClassName,
  title,
  contentClassName,
  children,
}: {
  titleId: string;
  icon: LucideIcon;
  iconClassName: string;
  title: string;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId} className="flex items-center gap-2">
          <Icon className={`size-5 shrink-0 ${iconClassName}`} aria-hidden />
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}
