import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, LoaderCircle, RotateCw, X } from 'lucide-react';
import type { Audiobook, Sentence } from '../../../shared/api/audiobooks';
import type { Settings } from '../../../shared/api/settings';
import { HttpError } from '../../lib/api-client';
import { useUpdateSettings } from '../../lib/api/update-settings.api';
import type { PlayerWord } from '../../lib/audio/learn-player.types';
import { serverErrorText } from '../../lib/error-text';
import { genreLabel } from '../../lib/genre-label';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { deviceScreen } from '../../lib/hooks/picture-source.hook';
import { useJobs } from '../../lib/jobs/job.hook';
import { pictureSource } from '../../lib/picture-source';
import { seriesStyleName } from '../../lib/series-style-name';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button.component';
import { ScreenMessage } from '../../ui/screen-message.component';
import { SoundPrompt } from '../../ui/sound-prompt.component';
import { toast } from '../../ui/toast-store';
import { useAudiobook } from './api/audiobook.api';
import { useAutoCompleteSeries } from './api/auto-complete-series.api';
import { useDeleteSeries } from './api/delete-series.api';
import { useImageJobs } from './api/image-jobs.api';
import { useImageSeries } from './api/image-series.api';
import { useImageStats } from './api/image-stats.api';
import { useMakeCover } from './api/make-cover.api';
import { usePlayerSettings } from './api/player-settings.api';
import { usePosition } from './api/position.api';
import { refreshBook } from './api/refresh-book';
import { useRegenerateAudio } from './api/regenerate-audio.api';
import { useRegenerateImage } from './api/regenerate-image.api';
import { useRegenerateRussian } from './api/regenerate-russian.api';
import { useRegenerateSpanish } from './api/regenerate-spanish.api';
import { useSelectSeries } from './api/select-series.api';
import { saveSentenceListens } from './api/sentence-listens.api';
import { useSentences } from './api/sentences.api';
import { useSeriesItems } from './api/series-items.api';
import { useStartSeriesJob } from './api/start-series-job.api';
import { AudioStatusDialog } from './components/audio-status-dialog.component';
import { PlayerBottomBar } from './components/player-bottom-bar.component';
import { PlayerMenu } from './components/player-menu.component';
import { PlayerStatusBar } from './components/player-status-bar.component';
import { PlayerTranscript } from './components/player-transcript.component';
import { RevoiceDialog } from './components/revoice-dialog.component';
import { SentenceCard } from './components/sentence-card.component';
import { AiSeriesDialog, AutoCompleteDialog, NewSeriesDialog } from './components/series-dialogs.component';
import { SeriesPicker } from './components/series-picker.component';
import { useAudiobookPlayer } from './hooks/audiobook-player.hook';
import { usePlayerKeyboard } from './hooks/player-keyboard.hook';
import { usePositionSaving } from './hooks/position-saving.hook';
import {
  activeImageJobs,
  backgroundPicture,
  drawingProvider,
  genreTitle,
  isSeriesIncomplete,
  picturesByProvider,
  type PictureProvider,
  picturesToPreload,
  playerLoad,
  sentenceItem,
  sentencePictures,
  stepFontScale,
} from './lib/player-view';

/** The player while it loads or when there is no book to play, with the way back to the library. */
function PlayerMessage({
  title,
  description,
  isBusy = false,
  children,
}: {
  title: string;
  description?: string;
  isBusy?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ScreenMessage title={title} isBusy={isBusy} {...(description ? { description } : {})}>
      {isBusy ? null : (
        <div className="flex flex-wrap justify-center gap-3">
          {children}
          <Button asChild variant="outline">
            <Link to="/audiobooks">
              <ArrowLeft aria-hidden />
              {t('audiobookPlayer.backToLibrary')}
            </Link>
          </Button>
        </div>
      )}
    </ScreenMessage>
  );
}

/**
 * `/audiobook/:id` (docs/product/audiobooks.md#player): the book, its sentences, the settings and the saved
 * position are read once; a book that is missing, another learner's or not ready reads as not found, and a
 * read that failed otherwise (no connection, a server error) says so and is offered again.
 */
export function AudiobookPlayerPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.audiobookTitle'));
  const { id = '' } = useParams();
  const bookId = /^\d{1,9}$/.test(id) ? Number(id) : 0;
  const book = useAudiobook(bookId, { isEnabled: bookId > 0 });
  const isReady = book.data?.status === 'ready';
  const sentences = useSentences(bookId, { isEnabled: isReady });
  const position = usePosition(bookId, { isEnabled: isReady });
  const settings = usePlayerSettings();

  const load = playerLoad({
    isIdValid: bookId > 0,
    book,
    sentences,
    settings,
    isPositionPending: isReady && position.isPending,
  });
  if (load.kind === 'notFound') return <PlayerMessage title={t('audiobookPlayer.notFound')} />;
  if (load.kind === 'failed') {
    const failedReads = [book, sentences, settings].filter((read) => read.isError);
    const isRetrying = failedReads.some((read) => read.isFetching);
    return (
      <PlayerMessage
        title={t('audiobookPlayer.loadFailed')}
        description={
          load.isNetwork
            ? t('audiobookPlayer.loadFailedNetwork')
            : (serverErrorText(t, load.error) ?? t('audiobookPlayer.loadFailedServer'))
        }
      >
        <Button
          disabled={isRetrying}
          onClick={() => {
            for (const read of failedReads) void read.refetch();
          }}
        >
          {isRetrying ? <LoaderCircle className="animate-spin" aria-hidden /> : <RotateCw aria-hidden />}
          {t('audiobookPlayer.retry')}
        </Button>
      </PlayerMessage>
    );
  }
  if (load.kind === 'loading' || !book.data || !sentences.data || !settings.data) {
    return <PlayerMessage title={t('audiobookPlayer.loading')} isBusy />;
  }
  return (
    <PlayerSession
      book={book.data}
      sentences={sentences.data}
      settings={settings.data}
      initialIndex={position.data?.position ?? 0}
    />
  );
}

function PlayerSession({
  book,
  sentences,
  settings,
  initialIndex,
}: {
  book: Audiobook;
  sentences: Sentence[];
  settings: Settings;
  initialIndex: number;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const saveSettings = useUpdateSettings({ isSilent: true });
  const [isStatusBarShown, setIsStatusBarShown] = useState(true);
  const [isTranscriptShown, setIsTranscriptShown] = useState(false);
  const [dialog, setDialog] = useState<
    'audioStatus' | 'revoice' | 'ai' | 'newSeries' | 'autoComplete' | null
  >(null);
  // The sentence the menu was opened on: play-all may move on while the menu is open.
  const [menuIndex, setMenuIndex] = useState<number | null>(null);

  // ---- Series: the one shown, its pictures, the jobs drawing ---------------------------------------------
  const seriesList = useImageSeries(book.id);
  const jobs = useImageJobs(book.id);
  const stats = useImageStats(book.id);
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

  const runningJobs = activeImageJobs(jobs.data ?? []);
  const followed = useJobs(
    runningJobs.flatMap((job) => (job.jobId ? [job.jobId] : [])),
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
  const liveCounts = new Map<number, { processed: number; total: number }>();
  for (const job of runningJobs) {
    const live = followed.jobs.find((entry) => entry.jobId === job.jobId)?.job;
    if (live && job.seriesId !== null)
      liveCounts.set(job.seriesId, { processed: live.progress.processed, total: live.progress.total });
  }

  // ---- Playback ----------------------------------------------------------------------------------------
  const orderIndexOf = useMemo(
    () => new Map(sentences.map((sentence) => [sentence.id, sentence.orderIndex])),
    [sentences],
  );
  const onSentencePlayed = (sentence: PlayerWord) => {
    const orderIndex = orderIndexOf.get(sentence.id);
    if (orderIndex === undefined) return;
    saveSentenceListens(book.id, orderIndex, sentence.attempts).then(
      (answer) =>
        queryClient.setQueryData<Audiobook>(queryKeys.audiobooks.book(book.id), (cached) =>
          cached ? { ...cached, listenCount: answer.bookListenCount } : cached,
        ),
      (error: unknown) => console.warn('[audiobook] the listen could not be saved', error),
    );
  };
  const { player, snapshot } = useAudiobookPlayer({
    bookId: book.id,
    title: book.title,
    sentences: items,
    initialIndex,
    settings,
    onSentencePlayed,
  });
  usePositionSaving(book.id, snapshot.index);
  const toggleSentence = () => (snapshot.mode === 'idle' ? player.playCard() : player.stop());
  usePlayerKeyboard({
    previous: player.previous,
    next: player.next,
    toggleSentence,
    togglePlayAll: player.togglePlayAll,
  });

  // Pictures load lazily: the first 10 at once, then 5 ahead of the sentence shown.
  const screenOptions = { isLowQuality: settings.lowQualityImages, screen: deviceScreen() };
  const preloaded = useRef(new Set<string>());
  const isFirstPreload = useRef(true);
  useEffect(() => {
    for (const at of picturesToPreload(snapshot.index, pictures.length, isFirstPreload.current)) {
      const source = pictureSource(pictures[at], 'fullscreen', screenOptions);
      if (source && !preloaded.current.has(source)) {
        preloaded.current.add(source);
        new Image().src = source;
      }
    }
    isFirstPreload.current = false;
    // screenOptions is read fresh; only a move or new pictures ask for more.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [snapshot.index, pictures]);

  // ---- Menu actions ------------------------------------------------------------------------------------
  const regenerateAudio = useRegenerateAudio(book.id);
  const regenerateSpanish = useRegenerateSpanish(book.id);
  const regenerateRussian = useRegenerateRussian(book.id);
  const regenerateImage = useRegenerateImage(book.id);
  const makeCover = useMakeCover(book.id);
  const startSeries = useStartSeriesJob(book.id);
  const deleteSeries = useDeleteSeries(book.id);
  const autoComplete = useAutoCompleteSeries(book.id);
  const isBusy = [regenerateAudio, regenerateSpanish, regenerateRussian, regenerateImage, makeCover].some(
    (mutation) => mutation.isPending,
  );

  const index = Math.min(snapshot.index, sentences.length - 1);
  const sentence = sentences[index];
  if (!sentence) return <PlayerMessage title={t('audiobookPlayer.notFound')} />;
  const actionIndex = menuIndex ?? index;
  const actionSentence = sentences[actionIndex];

  const failure = (title: string, fallback: string) => (error: unknown) =>
    toast({ title, description: serverErrorText(t, error) ?? fallback, variant: 'destructive' });
  const withSentence = (action: (target: Sentence, n: number) => void) => () => {
    if (!actionSentence) {
      toast({ title: t('audiobookPlayer.alerts.noCurrentSentence'), variant: 'destructive' });
      return;
    }
    action(actionSentence, actionIndex + 1);
  };
  const forgetClips = (target: Sentence) =>
    player.updateWord(target.id, { audioData: null, secondVoiceAudioData: null, russianAudioData: null });

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

  const providerLabel = (provider: PictureProvider) =>
    t(`audiobookPlayer.newSeriesDialog.providers.${provider}`);
  /**
   * Starts a series by the service the learner chose, or by the one standing in when it has no key
   * (docs/product/decisions.md#series-without-a-key): the toast then says whose key is missing and who draws.
   */
  const startSeriesIn = (
    request: {
      chosen: PictureProvider;
      imageStyle: number;
      existingSeriesId?: number;
      /** A filled-in series' own name, if it has one (its label otherwise). */
      styleName?: string | null;
    },
    onError: (error: unknown, drawing: PictureProvider) => void,
  ) => {
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
        id: book.id,
        serviceProvider: drawing,
        imageStyle: request.imageStyle,
        ...(request.existingSeriesId === undefined ? {} : { existingSeriesId: request.existingSeriesId }),
      },
      {
        onSuccess: () => {
          setDialog(null);
          toast({
            title: t('audiobookPlayer.alerts.seriesStarted', { style }),
            description:
              drawing === request.chosen
                ? undefined
                : `${t(
                    request.chosen === 'leonardo'
                      ? 'audiobookPlayer.alerts.leonardoKeyMissing'
                      : 'audiobookPlayer.alerts.openaiKeyMissing',
                  )} ${t('audiobookPlayer.alerts.drawnInstead', { provider: providerLabel(drawing) })}`,
          });
        },
        onError: (error) => onError(error, drawing),
      },
    );
  };

  const incompleteSeries = (seriesList.data ?? []).filter(
    (series) => isSeriesIncomplete(series) && !runningJobs.some((job) => job.seriesId === series.id),
  );
  const background = pictureSource(backgroundPicture(pictures, index), 'fullscreen', screenOptions);
  const isPlayingAll = snapshot.mode === 'playAll';
  const alignment = settings.bottomMenuAlignment;
  const listens = book.listenCount;
  const imageCount = pictures.filter((picture) => picture !== null).length;

  return (
    <div className="fixed inset-0 overflow-hidden bg-black text-white select-none">
      <h1 className="sr-only">{book.title}</h1>
      <SentenceCard
        sentence={sentence}
        picture={background}
        overlayOpacity={settings.overlayOpacity}
        fontScale={settings.audiobookFontScale}
        isTranslationShown={settings.showAudiobookTranslations}
        isPlaying={snapshot.mode === 'single'}
        onToggle={toggleSentence}
      />
      <Button
        asChild
        variant="ghost"
        size="icon"
        className="absolute top-3 left-3 z-30 rounded-full text-white hover:bg-white/20 hover:text-white"
      >
        <Link to="/audiobooks" aria-label={t('audiobookPlayer.backToLibrary')}>
          <X aria-hidden />
        </Link>
      </Button>
      {/* The status bar and the title in one column: the bar wraps to more lines on a phone, and the title
          moves down with it instead of lying under it. */}
      <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex flex-col">
        {isStatusBarShown ? (
          <PlayerStatusBar
            book={book}
            index={index}
            total={sentences.length}
            loop={snapshot.loop}
            totalLoops={snapshot.totalLoops}
            isPlayingAll={isPlayingAll}
            listens={listens}
            picturesByProvider={picturesByProvider(stats.data ?? [])}
            onSeek={(target) => {
              if (!isPlayingAll) player.goTo(target);
            }}
          />
        ) : null}
        <div
          className={'flex flex-col items-center gap-1 px-6 text-center ' + (isStatusBarShown ? '' : 'pt-6')}
        >
          <p
            className="text-lg font-semibold [text-shadow:0_1px_4px_rgb(0_0_0/0.6)]"
            data-testid="player-genre"
          >
            {genreTitle(book, (name) => genreLabel(name, (key) => t(key as never)))}
          </p>
          <p
            className="text-xs text-white/80 [text-shadow:0_1px_4px_rgb(0_0_0/0.6)]"
            data-testid="player-summary"
          >
            {/* The status bar already shows the book's figures; the line repeats them only while it is hidden. */}
            {isStatusBarShown
              ? t('audiobookPlayer.summaryShort', {
                  level: book.grammarLevel ?? '—',
                  position: index + 1,
                  total: sentences.length,
                })
              : t('audiobookPlayer.summary', {
                  level: book.grammarLevel ?? '—',
                  words: book.actualWordCountSpanish,
                  active: book.activeWordsUsed,
                  passive: book.passiveWordsUsed,
                  position: index + 1,
                  total: sentences.length,
                  images: imageCount,
                })}
          </p>
        </div>
      </div>
      {isTranscriptShown ? (
        <PlayerTranscript
          sentences={sentences}
          index={index}
          isTranslationShown={settings.showAudiobookTranslations}
          onChoose={(target) => {
            player.goTo(target);
            player.playCard();
          }}
        />
      ) : null}
      <PlayerBottomBar
        alignment={alignment}
        canGoPrevious={index > 0}
        canGoNext={index < sentences.length - 1}
        isPlaying={snapshot.mode !== 'idle'}
        isStarting={snapshot.isStarting}
        onPrevious={player.previous}
        onNext={player.next}
        onTogglePlayAll={player.togglePlayAll}
        menu={
          <PlayerMenu
            alignment={alignment}
            fontScale={settings.audiobookFontScale}
            isTranslationShown={settings.showAudiobookTranslations}
            isBilingual={settings.bilingualPlaybackAudiobook}
            isStatusBarShown={isStatusBarShown}
            isTranscriptShown={isTranscriptShown}
            hasLanguageModel={settings.hasOpenaiApiKey}
            isBusy={isBusy}
            onOpenChange={(isOpen) => setMenuIndex(isOpen ? index : null)}
            onToggleTranslations={() =>
              saveSettings.mutate(
                { showAudiobookTranslations: !settings.showAudiobookTranslations },
                {
                  onError: () =>
                    toast({ title: t('audiobookPlayer.alerts.translationsFailed'), variant: 'destructive' }),
                },
              )
            }
            onToggleBilingual={() =>
              // No refusal: a Russian voice always speaks (the learner's, else the automatic built-in one).
              saveSettings.mutate(
                { bilingualPlaybackAudiobook: !settings.bilingualPlaybackAudiobook },
                {
                  onError: () =>
                    toast({ title: t('audiobookPlayer.alerts.bilingualFailed'), variant: 'destructive' }),
                },
              )
            }
            onToggleAlignment={() =>
              saveSettings.mutate({ bottomMenuAlignment: alignment === 'center' ? 'right' : 'center' })
            }
            onToggleStatusBar={() => setIsStatusBarShown((shown) => !shown)}
            onToggleTranscript={() => setIsTranscriptShown((shown) => !shown)}
            onFontStep={(direction) =>
              saveSettings.mutate({
                audiobookFontScale: stepFontScale(settings.audiobookFontScale, direction),
              })
            }
            onRegenerateAudio={withSentence((target) =>
              regenerateAudio.mutate(
                { id: book.id, sentenceId: target.id },
                {
                  onSuccess: () => {
                    forgetClips(target);
                    toast({
                      title: t('audiobookPlayer.alerts.regenerateAudioDone', { text: target.spanish }),
                    });
                  },
                  onError: failure(
                    t('audiobookPlayer.alerts.regenerateAudioFailed'),
                    t('audiobookPlayer.alerts.regenerateAudioError'),
                  ),
                },
              ),
            )}
            onRegenerateSpanish={withSentence((target, n) =>
              regenerateSpanish.mutate(
                { id: book.id, sentenceId: target.id },
                {
                  onSuccess: () => {
                    forgetClips(target);
                    toast({ title: t('audiobookPlayer.alerts.regenerateSpanishDone', { n }) });
                  },
                  onError: failure(
                    t('audiobookPlayer.alerts.regenerateSpanishFailed'),
                    t('audiobookPlayer.alerts.regenerateSpanishError'),
                  ),
                },
              ),
            )}
            onRegenerateRussian={withSentence((target, n) =>
              regenerateRussian.mutate(
                { id: book.id, sentenceId: target.id },
                {
                  onSuccess: () => {
                    forgetClips(target);
                    toast({ title: t('audiobookPlayer.alerts.regenerateRussianDone', { n }) });
                  },
                  onError: failure(
                    t('audiobookPlayer.alerts.regenerateRussianFailed'),
                    t('audiobookPlayer.alerts.regenerateRussianError'),
                  ),
                },
              ),
            )}
            onRegenerateImage={withSentence((target, n) =>
              regenerateImage.mutate(
                { id: book.id, sentenceId: target.id },
                {
                  onSuccess: () => toast({ title: t('audiobookPlayer.alerts.regenerateImageDone', { n }) }),
                  onError: failure(
                    t('audiobookPlayer.alerts.regenerateImageFailed'),
                    t('audiobookPlayer.alerts.regenerateImageError'),
                  ),
                },
              ),
            )}
            onMakeCover={withSentence((target, n) => {
              if (!pictures[n - 1]) {
                toast({ title: t('audiobookPlayer.alerts.noCoverImage'), variant: 'destructive' });
                return;
              }
              makeCover.mutate(
                { id: book.id, sentenceId: target.id },
                {
                  onSuccess: () => toast({ title: t('audiobookPlayer.alerts.coverDone') }),
                  onError: failure(
                    t('audiobookPlayer.alerts.coverFailed'),
                    t('audiobookPlayer.alerts.coverError'),
                  ),
                },
              );
            })}
            onAudioStatus={() => setDialog('audioStatus')}
            onRevoice={() => setDialog('revoice')}
          />
        }
        seriesPicker={
          <SeriesPicker
            series={seriesList.data ?? []}
            jobs={jobs.data ?? []}
            selectedSeriesId={shownSeriesId}
            liveCounts={liveCounts}
            seriesName={seriesName}
            onSelect={(seriesId) => selectSeries.mutate({ id: book.id, seriesId })}
            onFillIn={(series) =>
              startSeriesIn(
                {
                  chosen: series.serviceProvider,
                  imageStyle: Number(series.imageStyle),
                  existingSeriesId: series.id,
                  styleName: series.styleName,
                },
                failure(
                  t('audiobookPlayer.alerts.seriesCreateFailed'),
                  t('audiobookPlayer.alerts.unknownError'),
                ),
              )
            }
            onDelete={(series) =>
              deleteSeries.mutate(
                { id: book.id, seriesId: series.id },
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
              )
            }
            onOpenAiDialog={() => setDialog('ai')}
            onOpenNewSeriesDialog={() => setDialog('newSeries')}
            onAutoComplete={() => setDialog('autoComplete')}
          />
        }
      />
      {snapshot.soundBlocked ? <SoundPrompt onResume={player.resumeSound} /> : null}
      <AudioStatusDialog
        bookId={book.id}
        isOpen={dialog === 'audioStatus'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'audioStatus' : null)}
      />
      <RevoiceDialog
        bookId={book.id}
        isOpen={dialog === 'revoice'}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'revoice' : null)}
      />
      <AiSeriesDialog
        isOpen={dialog === 'ai'}
        availableProviders={availableProviders}
        defaultProvider={bestProvider}
        sentence={sentence}
        isStarting={startSeries.isPending}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'ai' : null)}
        onChoose={(style, column, chosen) =>
          startSeriesIn({ chosen, imageStyle: style.id }, (error, drawing) =>
            toast({
              title:
                drawing === 'leonardo'
                  ? t('audiobookPlayer.alerts.leonardoColumnFailed', {
                      column: t(
                        column === 'left'
                          ? 'audiobookPlayer.alerts.leftColumn'
                          : 'audiobookPlayer.alerts.rightColumn',
                      ),
                    })
                  : t('audiobookPlayer.alerts.seriesCreateFailed'),
              description: `${serverErrorText(t, error) ?? t('audiobookPlayer.alerts.unknownError')}${
                drawing === 'leonardo' ? ` ${t('audiobookPlayer.alerts.checkLeonardoKey')}` : ''
              }`,
              variant: 'destructive',
            }),
          )
        }
      />
      <NewSeriesDialog
        isOpen={dialog === 'newSeries'}
        availableProviders={availableProviders}
        defaultProvider={bestProvider}
        isCreating={startSeries.isPending}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'newSeries' : null)}
        onCreate={(style, provider) => {
          if (!style) {
            toast({ title: t('audiobookPlayer.alerts.chooseStyle'), variant: 'destructive' });
            return;
          }
          startSeriesIn({ chosen: provider, imageStyle: style.id }, (error, drawing) =>
            failure(
              t('audiobookPlayer.alerts.seriesCreateFailed'),
              drawing === 'leonardo'
                ? t('audiobookPlayer.alerts.seriesStartFailed')
                : t('audiobookPlayer.alerts.unknownError'),
            )(error),
          );
        }}
      />
      <AutoCompleteDialog
        isOpen={dialog === 'autoComplete'}
        series={incompleteSeries}
        seriesName={seriesName}
        onOpenChange={(isOpen) => setDialog(isOpen ? 'autoComplete' : null)}
        onConfirm={() =>
          autoComplete.mutate(book.id, {
            onSuccess: (answer) => {
              setDialog(null);
              toast({
                title: t('audiobookPlayer.alerts.autoCompleteStarted', { count: answer.started.length }),
              });
            },
            onError: (error) =>
              toast({
                title: t('audiobookPlayer.alerts.autoCompleteErrorTitle'),
                description: t('audiobookPlayer.alerts.autoCompleteFailed', {
                  error: serverErrorText(t, error) ?? t('audiobookPlayer.alerts.unknownError'),
                }),
                variant: 'destructive',
              }),
          })
        }
      />
    </div>
  );
}
