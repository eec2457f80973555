import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BookOpen, Home, Upload } from 'lucide-react';
import type { Settings } from '../../../shared/api/settings';
import type { PlayerWord } from '../../lib/audio/learn-player.types';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { readStorage, removeStorage } from '../../lib/local-storage';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { Button } from '../../ui/button.component';
import { DeferredDialog } from '../../ui/deferred-dialog.component';
import { loadOnce } from '../../lib/load-once';
import { ScreenMessage } from '../../ui/screen-message.component';
import { FullScreenPlayerLayout } from '../../ui/full-screen-player-layout.component';
import { useWordsFreshOnMount } from '../../lib/api/words.api';
import { spacedRepetitionWordsQueryOptions } from '../../lib/api/spaced-repetition-words.api';
import { useSettings } from '../../lib/api/settings.api';
import { useRevealInSlices } from '../../lib/hooks/reveal-in-slices.hook';
import { useUpdateSettings } from '../../lib/api/update-settings.api';
import { LearnBottomBar } from './components/learn-bottom-bar.component';
import { LearnCard } from './components/learn-card.component';
import { LearnMenu } from './components/learn-menu.component';
import { LearnTopBar } from './components/learn-top-bar.component';
import { useLearnActions } from './hooks/learn-actions.hook';
import { useLearnKeyboard } from './hooks/learn-keyboard.hook';
import { useLearnPlayer } from './hooks/learn-player.hook';
import { buildLearnList } from './lib/learn-list';
import { masteredWordsQueryOptions } from './api/mastered-words.api';
import { stepFontScale } from './lib/card-text';

/** The image-style dialog and Radix's dialog are off the screen's path: fetched at idle, or when opened. */
const loadImageStyleDialog = loadOnce(
  async () => (await import('./components/image-style-dialog.component')).ImageStyleDialog,
);

/**
 * The full-screen flashcard player (docs/product/learn.md#card). The list is built once per visit from
 * the word list and the due spaced-repetition words, so refetches never reorder it under the learner.
 */
export function LearnPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.learnTitle'));
  // Read fresh on every visit: a list cached from the last one would bring back hidden words and old counts.
  const words = useWordsFreshOnMount();
  const dueWords = useQuery({ ...spacedRepetitionWordsQueryOptions(), refetchOnMount: 'always' });
  const settings = useSettings();
  const leavesForReview = settings.data?.reviewMasteredLeavesLearn === true;
  const masteredWords = useQuery({
    ...masteredWordsQueryOptions(),
    enabled: leavesForReview,
    refetchOnMount: 'always',
  });
  const [initialWords, setInitialWords] = useState<PlayerWord[] | null>(null);
  // docs/product/learn.md#word-list: sorted once by listens when the navigation bar asked for it, then the
  // flag is gone.
  const [isSortRequested] = useState(() => readStorage(STORAGE_KEYS.sortWordsOnNextLearn) === 'true');
  useEffect(() => removeStorage(STORAGE_KEYS.sortWordsOnNextLearn), []);

  const isAnswered =
    words.data !== undefined &&
    dueWords.data !== undefined &&
    settings.data !== undefined &&
    words.isFetchedAfterMount &&
    dueWords.isFetchedAfterMount &&
    (!leavesForReview || (masteredWords.data !== undefined && masteredWords.isFetchedAfterMount));
  const isRevealed = useRevealInSlices(isAnswered);
  if (words.isError || dueWords.isError || settings.isError || masteredWords.isError) {
    return (
      <ScreenMessage title={t('learn.loadFailed')}>
        <Button
          onClick={() => {
            void words.refetch();
            void dueWords.refetch();
            void settings.refetch();
            if (leavesForReview) void masteredWords.refetch();
          }}
        >
          {t('learn.retry')}
        </Button>
      </ScreenMessage>
    );
  }
  if (!isAnswered || !isRevealed) {
    return <ScreenMessage title={t('learn.loading')} isBusy />;
  }
  if (initialWords === null) {
    const mastered = new Set(leavesForReview ? masteredWords.data?.wordIds : []);
    setInitialWords(buildLearnList(words.data, dueWords.data, isSortRequested, mastered));
    return null;
  }
  if (initialWords.length === 0) return <EmptyLearnList />;
  return <LearnSession initialWords={initialWords} settings={settings.data} />;
}

function EmptyLearnList() {
  const { t } = useTranslation();
  return (
    <ScreenMessage title={t('learn.emptyTitle')} description={t('learn.emptyDescription')}>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild>
          <Link to="/upload">
            <Upload aria-hidden />
            {t('learn.toUpload')}
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dictionary">
            <BookOpen aria-hidden />
            {t('learn.toDictionary')}
          </Link>
        </Button>
        <Button asChild variant="ghost">
          <Link to="/">
            <Home aria-hidden />
            {t('learn.home')}
          </Link>
        </Button>
      </div>
    </ScreenMessage>
  );
}

function LearnSession({ initialWords, settings }: { initialWords: PlayerWord[]; settings: Settings }) {
  const { t } = useTranslation();
  const [startedAt] = useState(() => Date.now());
  const [isStyleDialogOpen, setIsStyleDialogOpen] = useState(false);
  // The card the menu was opened on: play-all may move on while the menu or the style dialog is open.
  const [menuWord, setMenuWord] = useState<PlayerWord | null>(null);
  const saveSettings = useUpdateSettings({ isSilent: true });
  const actions = useLearnActions(settings);
  const { player, snapshot, onCardPictureSettled } = useLearnPlayer({
    initialWords,
    settings,
    onCardPlayed: (word) => void actions.onCardPlayed(player, word),
  });
  useLearnKeyboard({
    previous: player.previous,
    next: player.next,
    togglePlayAll: player.togglePlayAll,
  });

  const word = snapshot.words[snapshot.index];
  if (!word) return <EmptyLearnList />;
  const total = snapshot.words.length;
  const isPlayingAll = snapshot.mode === 'playAll';
  const alignment = settings.bottomMenuAlignment;
  const actionWord = menuWord ?? word;

  return (
    <FullScreenPlayerLayout
      title={t('pages.learnTitle')}
      closeTo="/"
      closeLabel={t('learn.home')}
      isSoundBlocked={snapshot.soundBlocked}
      onResumeSound={player.resumeSound}
      card={
        <LearnCard
          word={word}
          display={settings}
          overlayOpacity={settings.overlayOpacity}
          fontScale={settings.learnFontScale}
          isPlaying={snapshot.mode === 'single'}
          onToggleCard={() => (snapshot.mode === 'idle' ? player.playCard() : player.stop())}
          onPictureSettled={onCardPictureSettled}
        />
      }
      dialogs={
        <DeferredDialog
          load={loadImageStyleDialog}
          isOpen={isStyleDialogOpen}
          dialogProps={{
            isOpen: isStyleDialogOpen,
            word: actionWord.spanish,
            onOpenChange: setIsStyleDialogOpen,
            onChoose: (styleId: number) => {
              setIsStyleDialogOpen(false);
              void actions.regenerateImageInStyle(player, actionWord, styleId);
            },
          }}
        />
      }
    >
      {settings.showStatsBar ? (
        <LearnTopBar
          word={word}
          index={snapshot.index}
          total={total}
          loop={snapshot.loop}
          totalLoops={snapshot.totalLoops}
          isPlayingAll={isPlayingAll}
          isListenCountShown={settings.showAudioCount}
          startedAt={startedAt}
          onSeek={(index) => {
            if (!isPlayingAll) player.goTo(index);
          }}
        />
      ) : null}
      <LearnBottomBar
        alignment={alignment}
        canGoPrevious={snapshot.index > 0}
        canGoNext={snapshot.index < total - 1}
        isPlayingAll={isPlayingAll}
        isHiding={actions.hidingWordId === word.id}
        onHide={() => void actions.hide(player, word)}
        onPrevious={() => player.previous()}
        onNext={() => player.next()}
        onTogglePlayAll={player.togglePlayAll}
        menu={
          <LearnMenu
            alignment={alignment}
            isStatsBarShown={settings.showStatsBar}
            fontScale={settings.learnFontScale}
            isBusy={actions.busyWordId !== null}
            hasLanguageModel={settings.hasOpenaiApiKey}
            onOpenChange={(isOpen) => {
              if (isOpen) setMenuWord(word);
            }}
            onToggleAlignment={() =>
              saveSettings.mutate({ bottomMenuAlignment: alignment === 'center' ? 'right' : 'center' })
            }
            onToggleStatsBar={() => saveSettings.mutate({ showStatsBar: !settings.showStatsBar })}
            onFontStep={(direction) =>
              saveSettings.mutate({ learnFontScale: stepFontScale(settings.learnFontScale, direction) })
            }
            onRegeneratePhrase={() => void actions.regeneratePhraseAndImage(player, actionWord)}
            onRegenerateAudio={() => void actions.regenerateCardAudio(player, actionWord)}
            onChooseImageStyle={() => setIsStyleDialogOpen(true)}
          />
        }
      />
    </FullScreenPlayerLayout>
  );
}
