import { useTranslation } from 'react-i18next';
import { Images, LoaderCircle, Palette, Plus, RefreshCw, Trash2, Wand2 } from 'lucide-react';
import type { Series } from '../../../../shared/api/audiobook-player';
import { cn } from '../../../lib/cn';
import { Button } from '../../../ui/button.component';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../ui/dropdown-menu.component';
import { isSeriesEmpty, isSeriesIncomplete, jobCountLabel } from '../lib/player-view';

const ORIGINAL = 'original';

/** Series status colours (docs/product/audiobooks.md#illustration-series): green, yellow, red. */
const STATUS_TONE: Record<Series['status'], string> = {
  completed: 'bg-green-500',
  generating: 'bg-yellow-400',
  failed: 'bg-red-500',
  pending: 'bg-slate-400',
};

interface SeriesPickerProps {
  series: readonly Series[];
  /** The series a job is drawing now. */
  drawing: readonly Series[];
  selectedSeriesId: number | null;
  /** Live counts of the running jobs by series, from the job runtime. */
  liveCounts: ReadonlyMap<number, { processed: number; total: number }>;
  /** A series' style as the learner reads it: named from its style id in their language. */
  seriesName: (series: { imageStyle: string | null; styleName: string | null }) => string;
  onSelect: (seriesId: number | null) => void;
  onFillIn: (series: Series) => void;
  onDelete: (series: Series) => void;
  onOpenAiDialog: () => void;
  onOpenNewSeriesDialog: () => void;
  onAutoComplete: () => void;
}

/**
 * The image-series picker (docs/product/audiobooks.md#illustration-series): the book's own pictures or a
 * series, fill in and delete per series, the jobs drawing now, and the two ways to make a series.
 */
export function SeriesPicker(props: SeriesPickerProps) {
  const { t } = useTranslation();
  const running = props.drawing;
  const drawing = new Set(running.map((series) => series.id));
  const incomplete = props.series.filter((series) => isSeriesIncomplete(series) && !drawing.has(series.id));
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="secondary"
          size="icon"
          className="relative size-12 rounded-full"
          aria-label={t('audiobookPlayer.bottomBar.series')}
        >
          <Images aria-hidden />
          {running.length > 0 ? (
            <LoaderCircle
              aria-hidden
              className="absolute -top-1 -right-1 size-4 animate-spin text-yellow-300"
            />
          ) : null}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent side="top" align="start" className="max-h-[70dvh] w-80 overflow-y-auto">
        <DropdownMenuLabel>{t('audiobookPlayer.series.title')}</DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={props.selectedSeriesId === null ? ORIGINAL : String(props.selectedSeriesId)}
          onValueChange={(value) => props.onSelect(value === ORIGINAL ? null : Number(value))}
        >
          <DropdownMenuRadioItem value={ORIGINAL}>
            {t('audiobookPlayer.series.original')}
          </DropdownMenuRadioItem>
          {props.series.map((series) => {
            const live = props.liveCounts.get(series.id);
            return (
              <DropdownMenuRadioItem key={series.id} value={String(series.id)} data-testid="series-option">
                <span className="flex min-w-0 flex-col">
                  <span className="flex items-center gap-2">
                    <span
                      aria-hidden
                      className={cn('size-2.5 shrink-0 rounded-full', STATUS_TONE[series.status])}
                    />
                    <span className="truncate">{props.seriesName(series)}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t(`audiobookPlayer.series.status.${series.status}`)}
                    {' · '}
                    {isSeriesEmpty(series)
                      ? `${t('audiobookPlayer.series.empty')} ${t('audiobookPlayer.series.emptyNote')}`
                      : t('audiobookPlayer.series.counts', {
                          completed: live
                            ? Math.max(live.processed, series.completedSentences)
                            : series.completedSentences,
                          total: series.totalSentences,
                        })}
                  </span>
                </span>
              </DropdownMenuRadioItem>
            );
          })}
        </DropdownMenuRadioGroup>
        {running.length > 0 ? (
          <>
            <DropdownMenuSeparator />
            {running.map((series) => (
              <DropdownMenuLabel
                key={series.id}
                className="flex items-center gap-2 font-normal"
                role="status"
              >
                <LoaderCircle aria-hidden className="size-4 animate-spin" />
                {t('audiobookPlayer.series.generating')} {jobCountLabel(props.liveCounts.get(series.id))}
                {` · ${props.seriesName(series)}`}
              </DropdownMenuLabel>
            ))}
          </>
        ) : null}
        {props.series.length > 0 ? <DropdownMenuSeparator /> : null}
        {props.series.map((series) =>
          isSeriesIncomplete(series) && !drawing.has(series.id) ? (
            <DropdownMenuItem key={`fill-${series.id}`} onSelect={() => props.onFillIn(series)}>
              <RefreshCw aria-hidden />
              {t('audiobookPlayer.series.fillInSeries', { name: props.seriesName(series) })}
            </DropdownMenuItem>
          ) : null,
        )}
        {props.series.map((series) => (
          <DropdownMenuItem key={`delete-${series.id}`} onSelect={() => props.onDelete(series)}>
            <Trash2 aria-hidden />
            {t('audiobookPlayer.series.delete', { name: props.seriesName(series) })}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={props.onOpenAiDialog}>
          <Wand2 aria-hidden />
          {t('audiobookPlayer.series.aiGenerate')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={props.onOpenNewSeriesDialog}>
          <Plus aria-hidden />
          {t('audiobookPlayer.series.create')}
        </DropdownMenuItem>
        {incomplete.length > 0 ? (
          <DropdownMenuItem onSelect={props.onAutoComplete}>
            <Palette aria-hidden />
            {t('audiobookPlayer.series.autoComplete')}
          </DropdownMenuItem>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
