import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audiobook, Sentence } from '../../../../shared/api/audiobooks';
import type { Settings } from '../../../../shared/api/settings';
import { deviceScreen } from '../../../lib/hooks/picture-source.hook';
import { pictureSource } from '../../../lib/picture-source';
import { FullScreenPlayerLayout } from '../../../ui/full-screen-player-layout.component';
import { useImageStats } from '../api/image-stats.api';
import { useAudiobookPlayer } from '../hooks/audiobook-player.hook';
import { useDisplaySettings } from '../hooks/display-settings.hook';
import { useListenSaving } from '../hooks/listen-saving.hook';
import { usePicturePreload } from '../hooks/picture-preload.hook';
import { usePlayerKeyboard } from '../hooks/player-keyboard.hook';
import { usePositionSaving } from '../hooks/position-saving.hook';
import { useSentenceActions } from '../hooks/sentence-actions.hook';
import { useSeriesActions } from '../hooks/series-actions.hook';
import { useSeriesView } from '../hooks/series-view.hook';
import { backgroundPicture, isSeriesIncomplete, picturesByProvider } from '../lib/player-view';
import { PlayerBottomBar } from './player-bottom-bar.component';
import { PlayerDialogs, type PlayerDialog } from './player-dialogs.component';
import { PlayerHeader } from './player-header.component';
import { PlayerMenu } from './player-menu.component';
import { PlayerMessage } from './player-message.component';
import { PlayerTranscript } from './player-transcript.component';
import { SentenceCard } from './sentence-card.component';
import { SeriesPicker } from './series-picker.component';

interface PlayerSessionProps {
  book: Audiobook;
  sentences: Sentence[];
  settings: Settings;
  initialIndex: number;
}

/**
 * One visit of a ready book (docs/product/audiobooks.md#player): the engine, the picture each sentence
 * shows, the bars, the menus and their dialogs.
 */
export function PlayerSession({ book, sentences, settings, initialIndex }: PlayerSessionProps) {
  const { t } = useTranslation();
  const [isStatusBarShown, setIsStatusBarShown] = useState(true);
  const [isTranscriptShown, setIsTranscriptShown] = useState(false);
  const [dialog, setDialog] = useState<PlayerDialog | null>(null);
  // The sentence the menu was opened on: play-all may move on while the menu is open.
  const [menuIndex, setMenuIndex] = useState<number | null>(null);

  const seriesView = useSeriesView(book, sentences);
  const stats = useImageStats(book.id);
  const onSentencePlayed = useListenSaving(book.id, sentences);
  const { player, snapshot } = useAudiobookPlayer({
    bookId: book.id,
    title: book.title,
    sentences: seriesView.items,
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
  const screenOptions = { isLowQuality: settings.lowQualityImages, screen: deviceScreen() };
  usePicturePreload(snapshot.index, seriesView.pictures, screenOptions);

  const index = Math.min(snapshot.index, sentences.length - 1);
  const actionIndex = menuIndex ?? index;
  const actionSentence = sentences[actionIndex];
  const sentenceActions = useSentenceActions({
    bookId: book.id,
    player,
    pictures: seriesView.pictures,
    target: actionSentence ? { sentence: actionSentence, n: actionIndex + 1 } : null,
  });
  const seriesActions = useSeriesActions(book.id, settings, () => setDialog(null));
  const displaySettings = useDisplaySettings(settings);

  const sentence = sentences[index];
  if (!sentence) return <PlayerMessage title={t('audiobookPlayer.notFound')} />;
  const drawingIds = new Set(seriesView.drawing.map((series) => series.id));
  const incompleteSeries = seriesView.series.filter(
    (series) => isSeriesIncomplete(series) && !drawingIds.has(series.id),
  );
  const background = pictureSource(
    backgroundPicture(seriesView.pictures, index),
    'fullscreen',
    screenOptions,
  );
  const isPlayingAll = snapshot.mode === 'playAll';
  const alignment = settings.bottomMenuAlignment;

  return (
    <FullScreenPlayerLayout
      title={book.title}
      closeTo="/audiobooks"
      closeLabel={t('audiobookPlayer.backToLibrary')}
      closeLayer="z-30"
      isSoundBlocked={snapshot.soundBlocked}
      onResumeSound={player.resumeSound}
      card={
        <SentenceCard
          sentence={sentence}
          picture={background}
          overlayOpacity={settings.overlayOpacity}
          fontScale={settings.audiobookFontScale}
          isTranslationShown={settings.showAudiobookTranslations}
          isPlaying={snapshot.mode === 'single'}
          onToggle={toggleSentence}
        />
      }
      dialogs={
        <PlayerDialogs
          bookId={book.id}
          open={dialog}
          onOpen={setDialog}
          sentence={sentence}
          incompleteSeries={incompleteSeries}
          seriesActions={seriesActions}
        />
      }
    >
      <PlayerHeader
        book={book}
        index={index}
        total={sentences.length}
        loop={snapshot.loop}
        totalLoops={snapshot.totalLoops}
        isPlayingAll={isPlayingAll}
        isStatusBarShown={isStatusBarShown}
        picturesByProvider={picturesByProvider(stats.data ?? [])}
        imageCount={seriesView.pictures.filter((picture) => picture !== null).length}
        onSeek={(target) => {
          if (!isPlayingAll) player.goTo(target);
        }}
      />
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
            onOpenChange={(isOpen) => setMenuIndex(isOpen ? index : null)}
            onToggleStatusBar={() => setIsStatusBarShown((shown) => !shown)}
            onToggleTranscript={() => setIsTranscriptShown((shown) => !shown)}
            onAudioStatus={() => setDialog('audioStatus')}
            onRevoice={() => setDialog('revoice')}
            {...displaySettings}
            {...sentenceActions}
          />
        }
        seriesPicker={
          <SeriesPicker
            series={seriesView.series}
            drawing={seriesView.drawing}
            selectedSeriesId={seriesView.shownSeriesId}
            liveCounts={seriesView.liveCounts}
            seriesName={seriesActions.seriesName}
            onSelect={seriesView.select}
            onFillIn={seriesActions.fillIn}
            onDelete={seriesActions.delete}
            onOpenAiDialog={() => setDialog('ai')}
            onOpenNewSeriesDialog={() => setDialog('newSeries')}
            onAutoComplete={() => setDialog('autoComplete')}
          />
        }
      />
    </FullScreenPlayerLayout>
  );
}
