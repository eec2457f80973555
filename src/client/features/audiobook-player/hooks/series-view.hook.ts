import { useEffect, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Audiobook, Sentence } from '../../../../shared/api/audiobooks';
import { useJobs } from '../../../lib/jobs/job.hook';
import { queryKeys } from '../../../lib/query-keys';
import { useImageSeries } from '../api/image-series.api';
import { refreshBook } from '../api/refresh-book';
import { useSelectSeries } from '../api/select-series.api';
import { useSeriesItems } from '../api/series-items.api';
import { drawingSeries, sentenceItem, sentencePictures } from '../lib/player-view';

/** A running job's counts, as the job runtime reports them. */
export interface LiveCounts {
  processed: number;
  total: number;
}

/**
 * The book's illustration series as the player shows them (docs/product/audiobooks.md#illustration-series):
 * the series shown (the book's own pictures when its series is gone, a choice saved once), each sentence's
 * picture and engine item, and the series being drawn, each followed by its runtime job through the one job
 * hook (docs/product/decisions.md#series-progress-is-the-jobs).
 */
export function useSeriesView(book: Audiobook, sentences: Sentence[]) {
  const queryClient = useQueryClient();
  const seriesList = useImageSeries(book.id);
  const selectSeries = useSelectSeries(book.id);
  const isSelectedGone =
    book.selectedImageSeriesId !== null &&
    seriesList.isSuccess &&
    !seriesList.data.some((series) => series.id === book.selectedImageSeriesId);
  const shownSeriesId = isSelectedGone ? null : book.selectedImageSeriesId;
  // A series deleted elsewhere: the choice falls back to the book's own pictures, saved once.
  const { mutate: saveSelection } = selectSeries;
  useEffect(() => {
    if (isSelectedGone) saveSelection({ id: book.id, seriesId: null });
  }, [isSelectedGone, saveSelection, book.id]);

  const seriesItems = useSeriesItems(book.id, shownSeriesId);
  const itemMap = useMemo(
    () =>
      shownSeriesId === null || !seriesItems.data
        ? null
        : new Map(seriesItems.data.map((item) => [item.sentenceId, item.imageData])),
    [shownSeriesId, seriesItems.data],
  );
  const pictures = useMemo(() => sentencePictures(sentences, itemMap), [sentences, itemMap]);
  const items = useMemo(
    () => sentences.map((sentence, at) => sentenceItem(sentence, pictures[at] ?? null)),
    [sentences, pictures],
  );

  const series = seriesList.data ?? [];
  const drawing = drawingSeries(series);
  const followed = useJobs(
    drawing.map((entry) => entry.jobId),
    {
      onFinish: () => {
        void refreshBook(queryClient, book.id);
        if (shownSeriesId !== null)
          void queryClient.invalidateQueries({
            queryKey: queryKeys.audiobooks.seriesItems(book.id, shownSeriesId),
          });
      },
    },
  );
  const liveCounts = new Map<number, LiveCounts>();
  for (const entry of drawing) {
    const live = followed.jobs.find((job) => job.jobId === entry.jobId)?.job;
    if (live) liveCounts.set(entry.id, { processed: live.progress.processed, total: live.progress.total });
  }

  return {
    series,
    drawing,
    liveCounts,
    shownSeriesId,
    select: (seriesId: number | null) => selectSeries.mutate({ id: book.id, seriesId }),
    pictures,
    items,
  };
}
