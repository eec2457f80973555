import { useTranslation } from 'react-i18next';
import type { Series } from '../../../../shared/api/audiobook-player';
import type { Settings } from '../../../../shared/api/settings';
import type { ImageStyle } from '../../../../shared/catalogs/image-styles';
import { HttpError } from '../../../lib/api-client';
import { serverErrorText } from '../../../lib/error-text';
import { seriesStyleName } from '../../../lib/series-style-name';
import { toast } from '../../../ui/toast-store';
import { useAutoCompleteSeries } from '../api/auto-complete-series.api';
import { useDeleteSeries } from '../api/delete-series.api';
import { useStartSeriesJob } from '../api/start-series-job.api';
import { drawingProvider, type PictureProvider } from '../lib/player-view';

interface SeriesStart {
  chosen: PictureProvider;
  imageStyle: number;
  existingSeriesId?: number;
  /** A filled-in series' own name, if it has one (its label otherwise). */
  styleName?: string | null;
}

/**
 * What the learner does to illustration series (docs/product/audiobooks.md#illustration-series): start one
 * (by the service chosen, or the one standing in: docs/product/decisions.md#series-without-a-key), fill one
 * in, delete one, auto-complete them all; each said in a toast. `onStarted` closes the dialog that asked.
 */
export function useSeriesActions(bookId: number, settings: Settings, onStarted: () => void) {
  const { t, i18n } = useTranslation();
  const startSeries = useStartSeriesJob(bookId);
  const deleteSeries = useDeleteSeries(bookId);
  const autoComplete = useAutoCompleteSeries(bookId);

  // A series' style is its id, named in the learner's language now, whoever's language it was made in.
  const seriesName = (series: { imageStyle: string | null; styleName: string | null }) =>
    seriesStyleName(series, i18n.language);
  const availableProviders = new Set<PictureProvider>([
    'builtin',
    ...(settings.hasLeonardoApiKey ? (['leonardo'] as const) : []),
    ...(settings.hasOpenaiApiKey ? (['openai'] as const) : []),
  ]);
  const bestProvider: PictureProvider = settings.hasLeonardoApiKey
    ? 'leonardo'
    : settings.hasOpenaiApiKey
      ? 'openai'
      : 'builtin';
  const errorText = (error: unknown) => serverErrorText(t, error) ?? t('audiobookPlayer.alerts.unknownError');

  const start = (request: SeriesStart, onError: (error: unknown, drawing: PictureProvider) => void) => {
    // A series filled in is drawn by its own provider (the server refuses one without its key, saying so);
    // only a new series may be drawn by a stand-in.
    const drawing =
      request.existingSeriesId === undefined
        ? drawingProvider(request.chosen, availableProviders)
        : request.chosen;
    const style = seriesName({
      imageStyle: String(request.imageStyle),
      styleName: request.styleName ?? null,
    });
    startSeries.mutate(
      {
        id: bookId,
        serviceProvider: drawing,
        imageStyle: request.imageStyle,
        ...(request.existingSeriesId === undefined ? {} : { existingSeriesId: request.existingSeriesId }),
      },
      {
        onSuccess: () => {
          onStarted();
          const missingKey =
            request.chosen === 'leonardo'
              ? 'audiobookPlayer.alerts.leonardoKeyMissing'
              : 'audiobookPlayer.alerts.openaiKeyMissing';
          const provider = t(`audiobookPlayer.newSeriesDialog.providers.${drawing}`);
          toast({
            title: t('audiobookPlayer.alerts.seriesStarted', { style }),
            description:
              drawing === request.chosen
                ? undefined
                : `${t(missingKey)} ${t('audiobookPlayer.alerts.drawnInstead', { provider })}`,
          });
        },
        onError: (error) => onError(error, drawing),
      },
    );
  };

  return {
    seriesName,
    availableProviders,
    bestProvider,
    isStarting: startSeries.isPending,
    fillIn: (series: Series) =>
      start(
        {
          chosen: series.serviceProvider,
          imageStyle: Number(series.imageStyle),
          existingSeriesId: series.id,
          styleName: series.styleName,
        },
        (error) =>
          toast({
            title: t('audiobookPlayer.alerts.seriesCreateFailed'),
            description: errorText(error),
            variant: 'destructive',
          }),
      ),
    delete: (series: Series) =>
      deleteSeries.mutate(
        { id: bookId, seriesId: series.id },
        {
          onError: (error) =>
            toast({
              title:
                error instanceof HttpError
                  ? t('audiobookPlayer.alerts.deleteSeriesFailed', { status: error.status })
                  : t('audiobookPlayer.alerts.deleteSeriesNetwork'),
              variant: 'destructive',
            }),
        },
      ),
    /** A style tile of the AI dialog: a Leonardo failure names its column and the key to check. */
    chooseAiStyle: (style: ImageStyle, column: 'left' | 'right', chosen: PictureProvider) =>
      start({ chosen, imageStyle: style.id }, (error, drawing) => {
        const isLeonardo = drawing === 'leonardo';
        const columnName = t(
          column === 'left' ? 'audiobookPlayer.alerts.leftColumn' : 'audiobookPlayer.alerts.rightColumn',
        );
        toast({
          title: isLeonardo
            ? t('audiobookPlayer.alerts.leonardoColumnFailed', { column: columnName })
            : t('audiobookPlayer.alerts.seriesCreateFailed'),
          description: `${errorText(error)}${isLeonardo ? ` ${t('audiobookPlayer.alerts.checkLeonardoKey')}` : ''}`,
          variant: 'destructive',
        });
      }),
    create: (style: ImageStyle | null, provider: PictureProvider) => {
      if (!style) {
        toast({ title: t('audiobookPlayer.alerts.chooseStyle'), variant: 'destructive' });
        return;
      }
      start({ chosen: provider, imageStyle: style.id }, (error, drawing) =>
        toast({
          title: t('audiobookPlayer.alerts.seriesCreateFailed'),
          description:
            serverErrorText(t, error) ??
            (drawing === 'leonardo'
              ? t('audiobookPlayer.alerts.seriesStartFailed')
              : t('audiobookPlayer.alerts.unknownError')),
          variant: 'destructive',
        }),
      );
    },
    autoComplete: (onDone: () => void) =>
      autoComplete.mutate(bookId, {
        onSuccess: (answer) => {
          onDone();
          toast({ title: t('audiobookPlayer.alerts.autoCompleteStarted', { count: answer.started.length }) });
        },
        onError: (error) =>
          toast({
            title: t('audiobookPlayer.alerts.autoCompleteErrorTitle'),
            description: t('audiobookPlayer.alerts.autoCompleteFailed', { error: errorText(error) }),
            variant: 'destructive',
          }),
      }),
  };
}
