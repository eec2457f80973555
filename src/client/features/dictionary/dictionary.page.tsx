import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CheckSquare, X } from 'lucide-react';
import { isWordInStudy } from '../../../shared/api/words';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { useRevealInSlices } from '../../lib/hooks/reveal-in-slices.hook';
import { Button } from '../../ui/button.component';
import { toast } from '../../ui/toast-store';
import { useSettings } from '../../lib/api/settings.api';
import { type DictionaryWord, useWordsFreshOnMount } from '../../lib/api/words.api';
import { useSpacedRepetitionWords } from '../../lib/api/spaced-repetition-words.api';
import type { ConfirmRequest } from './components/confirm-dialog.component';
import { DictionaryJobsPanel } from './components/dictionary-jobs-panel.component';
import { DictionaryToolbar } from './components/dictionary-toolbar.component';
import { MaintenanceMenu } from './components/maintenance-menu.component';
import { DeferredDialog } from '../../ui/deferred-dialog.component';
import { WordsExport } from '../../ui/words-export.component';
import { loadOnce } from '../../lib/load-once';
import { SelectionBar } from './components/selection-bar.component';
import { WordList } from './components/word-list.component';
import { useDictionaryJobs } from './hooks/dictionary-jobs.hook';
import { useDictionaryView } from './hooks/dictionary-view.hook';
import { useMaintenanceActions } from './hooks/maintenance-actions.hook';
import { useWordActions } from './hooks/word-actions.hook';
import { daysSinceDisabled } from '../../lib/days-since-disabled';
import { WORD_PARAM, wordIdOfParam } from '../../lib/word-link';
import { isEverySelected, selectedInView, toggleSelected } from './lib/word-selection';

type OpenDialog = { kind: 'image' | 'card' | 'media' | 'sentences'; wordId: number } | null;

// The word's dialogs and the confirmation are not part of the screen's code: each is fetched once the page is
// idle, or at once when it is opened first (ui/deferred-dialog.component.tsx).
const loadImageViewerDialog = loadOnce(
  async () => (await import('./components/image-viewer-dialog.component')).ImageViewerDialog,
);
const loadWordCardDialog = loadOnce(
  async () => (await import('./components/word-card-dialog.component')).WordCardDialog,
);
const loadMediaLibraryDialog = loadOnce(
  async () => (await import('./components/media-library-dialog.component')).MediaLibraryDialog,
);
const loadAudiobookSentencesDialog = loadOnce(
  async () => (await import('./components/audiobook-sentences-dialog.component')).AudiobookSentencesDialog,
);
const loadArticleRepairsDialog = loadOnce(
  async () => (await import('./components/article-repairs-dialog.component')).ArticleRepairsDialog,
);
const loadConfirmDialog = loadOnce(
  async () => (await import('./components/confirm-dialog.component')).ConfirmDialog,
);

const NO_WORDS: readonly DictionaryWord[] = [];

const withoutWordParam = (previous: URLSearchParams) => {
  const next = new URLSearchParams(previous);
  next.delete(WORD_PARAM);
  return next;
};

/**
 * The dictionary (docs/product/dictionary.md#screen, docs/product/dictionary.md#word-card): the whole list
 * fetched once, searched, filtered and sorted in memory, drawn virtualised; select mode; the word's dialogs;
 * and the maintenance actions, the long ones followed as jobs.
 */
export function DictionaryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dictionary.title'));
  const wordsQuery = useWordsFreshOnMount();
  const spacedRepetition = useSpacedRepetitionWords();
  const settingsQuery = useSettings();
  const settings = settingsQuery.data;
  // The list shows once the answers its rows read are in (asked for at once on a page load), so it is drawn
  // once rather than again as each arrives; one that cannot be asked for now (offline) does not hold it.
  const isListRevealed = useRevealInSlices(
    wordsQuery.data !== undefined && !spacedRepetition.isLoading && !settingsQuery.isLoading,
  );
  const words = (isListRevealed ? wordsQuery.data : undefined) ?? NO_WORDS;
  const view = useDictionaryView(words);
  const actions = useWordActions();
  const jobs = useDictionaryJobs();

  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const [isConfirmPending, setIsConfirmPending] = useState(false);
  const [isArticleRepairsOpen, setIsArticleRepairsOpen] = useState(false);
  const maintenance = useMaintenanceActions(jobs, setConfirmRequest, () => setIsArticleRepairsOpen(true));

  const [isSelectMode, setIsSelectMode] = useState(false);
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [isHiding, setIsHiding] = useState(false);
  const [openDialog, setOpenDialog] = useState<OpenDialog>(null);

  const visibleIds = useMemo(() => view.visibleWords.map((word) => word.id), [view.visibleWords]);
  const selectedVisibleIds = selectedInView(selectedIds, visibleIds);
  const exportIds = isSelectMode && selectedVisibleIds.length > 0 ? selectedVisibleIds : visibleIds;

  // Counted at the answer's time: a day boundary passing while the screen is open is not worth a timer.
  const answeredAt = spacedRepetition.dataUpdatedAt;
  const daysByWordId = useMemo(() => {
    const days = new Map<number, number>();
    for (const word of spacedRepetition.data ?? []) {
      const value = daysSinceDisabled(word.disabledAt, answeredAt);
      if (value !== null) days.set(word.id, value);
    }
    return days;
  }, [spacedRepetition.data, answeredAt]);

  // docs/product/dictionary.md#word-card: `/dictionary?word=<id>` opens that word's card once the list is in.
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedWordId = wordIdOfParam(searchParams.get(WORD_PARAM));
  const linkedDialog: OpenDialog =
    linkedWordId !== null && words.some((word) => word.id === linkedWordId)
      ? { kind: 'card', wordId: linkedWordId }
      : null;
  // A list cached from an earlier visit may predate the word: "not found" waits for the fresh one.
  const isLinkedWordMissing =
    linkedWordId !== null && linkedDialog === null && isListRevealed && !wordsQuery.isFetching;
  useEffect(() => {
    if (!isLinkedWordMissing) return;
    toast({ title: t('dictionary.wordNotFound') });
    setSearchParams(withoutWordParam, { replace: true });
  }, [isLinkedWordMissing, t, setSearchParams]);

  const shownDialog = openDialog ?? linkedDialog;
  const dialogWord = shownDialog ? (words.find((word) => word.id === shownDialog.wordId) ?? null) : null;
  const wordFor = (kind: NonNullable<OpenDialog>['kind']) => (shownDialog?.kind === kind ? dialogWord : null);
  const closeDialog = () => {
    setOpenDialog(null);
    if (linkedWordId !== null) setSearchParams(withoutWordParam, { replace: true });
  };
  const hasLanguageModel = settings ? settings.hasOpenaiApiKey : true;
  const themes = useMemo(() => view.options.themeCategory.map((option) => option.value), [view.options]);

  const leaveSelectMode = () => {
    setIsSelectMode(false);
    setSelectedIds(new Set());
  };

  const confirm = async () => {
    if (!confirmRequest) return;
    setIsConfirmPending(true);
    try {
      await confirmRequest.onConfirm();
    } finally {
      setIsConfirmPending(false);
      setConfirmRequest(null);
    }
  };

  const askToDeleteSelected = () => {
    const ids = selectedVisibleIds;
    if (ids.length === 0) return;
    setConfirmRequest({
      title: t('dictionary.confirm.deleteSelectedTitle'),
      description: t('dictionary.confirm.deleteSelectedDescription', { count: ids.length }),
      confirmLabel: t('dictionary.confirm.deleteSelectedConfirm', { count: ids.length }),
      onConfirm: async () => {
        if (await actions.deleteMany(ids)) setSelectedIds(new Set());
      },
    });
  };

  const askToDeleteAllActive = () => {
    const ids = words.filter(isWordInStudy).map((word) => word.id);
    if (ids.length === 0) {
      toast({
        title: t('dictionary.toasts.noActiveTitle'),
        description: t('dictionary.toasts.noActiveDescription'),
      });
      return;
    }
    setConfirmRequest({
      title: t('dictionary.confirm.deleteAllActiveTitle'),
      description: t('dictionary.confirm.deleteAllActiveDescription', { count: ids.length }),
      confirmLabel: t('dictionary.confirm.deleteAllActiveConfirm', { count: ids.length }),
      onConfirm: async () => {
        if (await actions.deleteMany(ids)) setSelectedIds(new Set());
      },
    });
  };

  const hideSelected = async () => {
    const chosen = new Set(selectedVisibleIds);
    const toHide = view.visibleWords.filter((word) => chosen.has(word.id) && isWordInStudy(word));
    if (toHide.length === 0) return;
    setIsHiding(true);
    try {
      await actions.hideMany(toHide);
      setSelectedIds(new Set());
    } finally {
      setIsHiding(false);
    }
  };

  // Until the list is in, the title and one line (the line the word count takes), so nothing on screen moves
  // when the list arrives: everything else appears below it.
  if (!isListRevealed && !wordsQuery.isError) {
    return (
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('dictionary.title')}</h1>
        <p role="status" className="text-muted-foreground">
          {t('common.loading')}
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-3xl font-bold tracking-tight md:text-4xl">{t('dictionary.title')}</h1>
          <p className="text-muted-foreground">
            {isListRevealed ? t('dictionary.wordCount', { count: words.length }) : t('dictionary.subtitle')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant={isSelectMode ? 'default' : 'outline'}
            aria-pressed={isSelectMode}
            onClick={() => (isSelectMode ? leaveSelectMode() : setIsSelectMode(true))}
          >
            {isSelectMode ? <X aria-hidden /> : <CheckSquare aria-hidden />}
            {isSelectMode ? t('dictionary.select.finish') : t('dictionary.select.start')}
          </Button>
          <MaintenanceMenu
            busyActions={maintenance.busy}
            hasLanguageModel={hasLanguageModel}
            onAction={maintenance.run}
          />
        </div>
      </div>

      <DictionaryToolbar view={view} hasLanguageModel={hasLanguageModel} />
      {/* docs/product/transfer.md#exports: the words in view, or the ones selected. */}
      <div className="flex flex-wrap gap-3">
        <WordsExport
          format="csv"
          wordIds={exportIds}
          label={t('dictionary.exportCsv', { count: exportIds.length })}
        />
        <WordsExport
          format="apkg"
          wordIds={exportIds}
          label={t('dictionary.exportApkg', { count: exportIds.length })}
        />
      </div>
      <DictionaryJobsPanel jobs={jobs.jobs} onDismiss={jobs.dismiss} />

      {isSelectMode ? (
        <SelectionBar
          view={view.view}
          selectedCount={selectedVisibleIds.length}
          isAllSelected={isEverySelected(selectedIds, visibleIds)}
          isHiding={isHiding}
          onSelectAll={() => setSelectedIds(new Set(visibleIds))}
          onDeselectAll={() => setSelectedIds(new Set())}
          onHideSelected={() => void hideSelected()}
          onDeleteSelected={askToDeleteSelected}
          onDeleteAllActive={askToDeleteAllActive}
        />
      ) : null}

      {!isListRevealed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p>{t('dictionary.loadError')}</p>
          <Button variant="outline" size="sm" onClick={() => void wordsQuery.refetch()}>
            {t('common.retry')}
          </Button>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {view.filters.search
              ? `${t('dictionary.search.applied', { query: view.filters.search })} · `
              : ''}
            {t('dictionary.shown', { count: view.visibleWords.length })}
          </p>
          {view.visibleWords.length === 0 ? (
            <p className="rounded-lg border border-dashed p-8 text-center font-medium">
              {t('dictionary.empty')}
            </p>
          ) : (
            <WordList
              words={view.visibleWords}
              isSelectMode={isSelectMode}
              selectedIds={selectedIds}
              showTags={settings?.showTags ?? true}
              showListenCount={settings?.showListenCount ?? true}
              thresholds={settings}
              daysSinceDisabled={daysByWordId}
              imageBusyIds={actions.imageBusyIds}
              phraseBusyIds={actions.phraseBusyIds}
              toggleBusyIds={actions.toggleBusyIds}
              onToggleSelected={(word) => setSelectedIds((current) => toggleSelected(current, word.id))}
              onOpenImage={(word) => setOpenDialog({ kind: 'image', wordId: word.id })}
              onOpenCard={(word) => setOpenDialog({ kind: 'card', wordId: word.id })}
              onOpenSentences={(word) => setOpenDialog({ kind: 'sentences', wordId: word.id })}
              onOpenMediaLibrary={(word) => setOpenDialog({ kind: 'media', wordId: word.id })}
              onToggleActive={(word) => void actions.toggleActive(word)}
              onRegenerateImage={(word) => void actions.regenerateWordImage(word)}
              onRegeneratePhrase={(word) => void actions.regenerateWordPhrase(word)}
            />
          )}
        </>
      )}

      <DeferredDialog
        load={loadImageViewerDialog}
        isOpen={wordFor('image') !== null}
        dialogProps={{ word: wordFor('image'), onClose: closeDialog }}
      />
      <DeferredDialog
        load={loadWordCardDialog}
        isOpen={wordFor('card') !== null}
        dialogProps={{ word: wordFor('card'), actions, hasLanguageModel, themes, onClose: closeDialog }}
      />
      <DeferredDialog
        load={loadMediaLibraryDialog}
        isOpen={wordFor('media') !== null}
        dialogProps={{ word: wordFor('media'), onClose: closeDialog }}
      />
      <DeferredDialog
        load={loadAudiobookSentencesDialog}
        isOpen={wordFor('sentences') !== null}
        dialogProps={{ word: wordFor('sentences'), onClose: closeDialog }}
      />
      <DeferredDialog
        load={loadArticleRepairsDialog}
        isOpen={isArticleRepairsOpen}
        dialogProps={{ isOpen: isArticleRepairsOpen, onClose: () => setIsArticleRepairsOpen(false) }}
      />
      <DeferredDialog
        load={loadConfirmDialog}
        isOpen={confirmRequest !== null}
        dialogProps={{
          request: confirmRequest,
          isPending: isConfirmPending,
          onOpenChange: (isOpen: boolean) => !isOpen && setConfirmRequest(null),
          onConfirm: () => void confirm(),
        }}
      />
    </div>
  );
}
