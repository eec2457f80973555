import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { History } from '../../../../shared/api/stats';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import { Card, CardContent, CardHeader, CardTitle } from '../../../ui/card.component';
import { useHistory } from '../api/history.api';
import { calendarWeeks, monthLabels, shortDate, weekdayLabels } from '../lib/history-chart-data';
import { BarLineChart } from './bar-line-chart.component';

/** A column of a chart's table: its heading and each row's cell. */
interface Column<Row> {
  heading: string;
  cell: (row: Row) => string;
}

/**
 * One chart (docs/product/progress.md#progress-over-time): a picture, or the same values as a table, which
 * the learner switches between; the picture is described by its title and summary for a screen reader.
 */
function ChartFigure<Row>({
  title,
  summary,
  rows,
  columns,
  children,
}: {
  title: string;
  summary: string;
  rows: readonly Row[];
  columns: readonly Column<Row>[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [isTable, setIsTable] = useState(false);
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId} className="min-w-0">
      <CardHeader className="flex flex-row items-center justify-between gap-2 space-y-0">
        <CardTitle id={headingId} className="text-lg">
          {title}
        </CardTitle>
        <Button variant="outline" size="sm" aria-pressed={isTable} onClick={() => setIsTable(!isTable)}>
          {t('dashboard.showTable')}
        </Button>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <p className="text-sm text-muted-foreground">{summary}</p>
        {isTable ? (
          // Scrolls by keyboard too: focusable, named by the chart's title.
          <div className="max-h-80 overflow-auto" tabIndex={0} aria-labelledby={headingId} role="group">
            <table className="w-full text-sm">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr>
                  {columns.map((column) => (
                    <th key={column.heading} scope="col" className="border-b py-1 text-left font-medium">
                      {column.heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    {columns.map((column) => (
                      <td key={column.heading} className="border-b py-1 tabular-nums">
                        {column.cell(row)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          children
        )}
      </CardContent>
    </Card>
  );
}

const LEVEL_STYLE = [
  'bg-muted',
  'bg-accent-text/25',
  'bg-accent-text/50',
  'bg-accent-text/75',
  'bg-accent-text',
] as const;

/** Days as a GitHub-style calendar: weeks left to right, Monday on top; a day before the record shows none. */
function ActivityCalendar({
  weeks,
  unit,
}: {
  weeks: ReturnType<typeof calendarWeeks>;
  unit: (value: number) => string;
}) {
  const { i18n } = useTranslation();
  const months = useMemo(() => monthLabels(weeks, i18n.language), [weeks, i18n.language]);
  const weekdays = useMemo(() => weekdayLabels(i18n.language), [i18n.language]);
  // Hidden from screen readers: the chart's table says the same day by day.
  return (
    <div
      className="grid grid-cols-[auto_1fr] gap-x-1.5 overflow-x-auto text-[0.65rem] leading-[0.9rem] text-muted-foreground"
      aria-hidden="true"
      data-testid="activity-calendar"
    >
      <span />
      <div className="grid h-[0.9rem] auto-cols-[0.9rem] grid-flow-col gap-1" data-testid="calendar-months">
        {/* A month's name runs on over the next weeks' columns, which have none. */}
        {months.map((label, column) => (
          <span key={column} className="whitespace-nowrap">
            {label}
          </span>
        ))}
      </div>
      <div className="grid grid-rows-7 gap-1" data-testid="calendar-weekdays">
        {weekdays.map((label) => (
          <span key={label}>{label}</span>
        ))}
      </div>
      <div className="inline-grid auto-cols-[0.9rem] grid-flow-col grid-rows-7 gap-1">
        {weeks.flatMap((week, column) =>
          week.map((cell, row) =>
            cell === null ? (
              <span key={`${column}-${row}`} />
            ) : (
              <span
                key={cell.day}
                title={`${shortDate(cell.day, i18n.language)}: ${cell.hasData ? unit(cell.value) : '—'}`}
                data-level={cell.hasData ? cell.level : 'none'}
                className={cn(
                  'size-[0.9rem] rounded-sm',
                  cell.hasData ? LEVEL_STYLE[cell.level] : 'border border-dashed border-muted-foreground/40',
                )}
              />
            ),
          ),
        )}
      </div>
    </div>
  );
}

function Charts({ history }: { history: History }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const noData = t('dashboard.noData');
  const weekLabels = useMemo(
    () => history.weeks.map((week) => shortDate(week.weekStart, language)),
    [history.weeks, language],
  );
  const forecastLabels = useMemo(
    () => history.forecast.map((day) => shortDate(day.day, language)),
    [history.forecast, language],
  );
  const wordsAdded = useMemo(() => history.weeks.map((week) => week.wordsAdded), [history.weeks]);
  const wordsKnown = useMemo(() => history.weeks.map((week) => week.wordsKnown), [history.weeks]);
  const forecast = useMemo(() => history.forecast.map((day) => day.count), [history.forecast]);
  const reviewWeeks = useMemo(() => calendarWeeks(history.days, (day) => day.reviews), [history.days]);
  const minuteWeeks = useMemo(
    () => calendarWeeks(history.days, (day) => day.listeningMinutes),
    [history.days],
  );
  const weekColumn = {
    heading: t('dashboard.week'),
    cell: (row: History['weeks'][number]) => shortDate(row.weekStart, language),
  };
  const dayColumn = {
    heading: t('dashboard.day'),
    cell: (row: { day: string }) => shortDate(row.day, language),
  };
  const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
  const daysWithData = history.days.filter((day) => day.hasData);
  const dataNote = history.activityStartsOn
    ? t('dashboard.dataSince', { day: shortDate(history.activityStartsOn, language) })
    : t('dashboard.noListeningData');

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <ChartFigure
        title={t('dashboard.wordsAddedTitle')}
        summary={t('dashboard.wordsAddedSummary', { count: sum(wordsAdded), weeks: history.weeks.length })}
        rows={history.weeks}
        columns={[weekColumn, { heading: t('dashboard.words'), cell: (row) => String(row.wordsAdded) }]}
      >
        <BarLineChart labels={weekLabels} values={wordsAdded} kind="bars" />
      </ChartFigure>
      <ChartFigure
        title={t('dashboard.wordsKnownTitle')}
        summary={t('dashboard.wordsKnownSummary', { count: wordsKnown.at(-1) ?? 0 })}
        rows={history.weeks}
        columns={[weekColumn, { heading: t('dashboard.words'), cell: (row) => String(row.wordsKnown) }]}
      >
        <BarLineChart labels={weekLabels} values={wordsKnown} kind="line" />
      </ChartFigure>
      <ChartFigure
        title={t('dashboard.reviewsTitle')}
        summary={t('dashboard.reviewsSummary', { count: sum(history.days.map((day) => day.reviews)) })}
        rows={history.days}
        columns={[
          dayColumn,
          { heading: t('dashboard.reviews'), cell: (row) => (row.hasData ? String(row.reviews) : noData) },
        ]}
      >
        <ActivityCalendar
          weeks={reviewWeeks}
          unit={(value) => t('dashboard.reviewsValue', { count: value })}
        />
      </ChartFigure>
      <ChartFigure
        title={t('dashboard.listeningTitle')}
        summary={`${t('dashboard.listeningSummary', {
          count: sum(daysWithData.map((day) => day.listeningMinutes)),
        })} ${dataNote}`}
        rows={history.days}
        columns={[
          dayColumn,
          {
            heading: t('dashboard.minutes'),
            cell: (row) => (row.hasData ? String(row.listeningMinutes) : noData),
          },
        ]}
      >
        <ActivityCalendar
          weeks={minuteWeeks}
          unit={(value) => t('dashboard.minutesValue', { count: value })}
        />
      </ChartFigure>
      <ChartFigure
        title={t('dashboard.forecastTitle')}
        summary={t('dashboard.forecastSummary', { count: sum(forecast) })}
        rows={history.forecast}
        columns={[dayColumn, { heading: t('dashboard.cards'), cell: (row) => String(row.count) }]}
      >
        <BarLineChart labels={forecastLabels} values={forecast} kind="bars" />
      </ChartFigure>
    </div>
  );
}

/** docs/product/progress.md#progress-over-time: the dashboard's charts, each with its table. */
export function HistoryCharts() {
  const { t } = useTranslation();
  const history = useHistory();
  if (history.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-2">
        <p>{t('dashboard.loadFailed')}</p>
        <Button variant="outline" onClick={() => void history.refetch()}>
          {t('dashboard.retry')}
        </Button>
      </div>
    );
  }
  if (!history.data) {
    return (
      <p role="status" className="text-muted-foreground">
        {t('dashboard.loading')}
      </p>
    );
  }
  return <Charts history={history.data} />;
}
