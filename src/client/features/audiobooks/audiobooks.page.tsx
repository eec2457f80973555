import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { RefreshCw, Tags, X } from 'lucide-react';
import { settingsDefaults } from '../../../shared/api/settings';
import { useSettings } from '../../lib/api/settings.api';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../ui/dialog.component';
import { toast } from '../../ui/toast-store';
import { useAudiobooks } from './api/audiobooks.api';
import { useDeleteAudiobook } from './api/delete-audiobook.api';
import { useRenameAudiobook } from './api/rename-audiobook.api';
import { AudiobookCard } from './components/audiobook-card.component';
import { CreateAudiobookButton } from './components/create-audiobook-button.component';
import { GenreManagerDialog } from './components/genre-manager-dialog.component';
import { LibraryMaintenanceMenu } from './components/library-maintenance-menu.component';
import { genreLabel } from '../../lib/genre-label';
import { filterByGenres, genreChips } from './lib/library';

const SKELETON_CARDS = 6;

/** `/audiobooks`: the learner's books, filtered by genre (docs/product/audiobooks.md#library). */
export function AudiobooksPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('pages.audiobooksTitle'));
  const queryClient = useQueryClient();
  const books = useAudiobooks();
  const { data: settings } = useSettings();
  const rename = useRenameAudiobook();
  const deleteBook = useDeleteAudiobook();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [isManagingGenres, setIsManagingGenres] = useState(false);
  const [toDelete, setToDelete] = useState<{ id: number; title: string } | null>(null);
  const [deleting, setDeleting] = useState<ReadonlySet<number>>(new Set());
  const showsCovers = settings?.showAudiobookCovers ?? settingsDefaults.showAudiobookCovers;
  const label = (name: string) => genreLabel(name, (key) => t(key as never));

  const all = books.data ?? [];
  const chips = genreChips(all);
  // A selected genre whose last book is gone no longer filters.
  const activeSelection = new Set([...selected].filter((name) => chips.some((chip) => chip.name === name)));
  const shown = filterByGenres(all, activeSelection);

  const toggle = (name: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });

  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.all });
    toast({ title: t('audiobooks.refreshed') });
  };

  const renameBook = async (id: number, title: string) => {
    try {
      await rename.mutateAsync({ id, title });
      toast({ title: t('audiobooks.renamed') });
      return true;
    } catch {
      toast({ title: t('audiobooks.renameFailed'), variant: 'destructive' });
      return false;
    }
  };

  const confirmDelete = async () => {
    if (!toDelete) return;
    const { id } = toDelete;
    setToDelete(null);
    setDeleting((current) => new Set(current).add(id));
    try {
      await deleteBook.mutateAsync(id);
      toast({ title: t('audiobooks.deleted') });
    } catch {
      toast({ title: t('audiobooks.deleteFailed'), variant: 'destructive' });
    } finally {
      setDeleting((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  };

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-4 p-4">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">{t('pages.audiobooksTitle')}</h1>
        <div className="flex flex-wrap items-start gap-2">
          <CreateAudiobookButton />
          <Button variant="outline" onClick={() => setIsManagingGenres(true)}>
            <Tags aria-hidden />
            {t('audiobooks.genres.manage')}
          </Button>
          <Button variant="outline" onClick={() => void refresh()} aria-label={t('audiobooks.refresh')}>
            <RefreshCw aria-hidden />
          </Button>
          <LibraryMaintenanceMenu hasLanguageModel={settings?.hasOpenaiApiKey ?? false} />
        </div>
      </header>

      {chips.length > 0 ? (
        <div className="flex flex-wrap gap-2" role="group" aria-label={t('audiobooks.filterLabel')}>
          <Button
            size="sm"
            variant={activeSelection.size === 0 ? 'default' : 'outline'}
            aria-pressed={activeSelection.size === 0}
            onClick={() => setSelected(new Set())}
          >
            {t('audiobooks.all', { count: all.length })}
          </Button>
          {chips.map((chip) => (
            <Button
              key={chip.name}
              size="sm"
              variant={activeSelection.has(chip.name) ? 'default' : 'outline'}
              aria-pressed={activeSelection.has(chip.name)}
              onClick={() => toggle(chip.name)}
            >
              {label(chip.name)} ({chip.count})
            </Button>
          ))}
        </div>
      ) : null}
      {activeSelection.size > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="active-filters">
          <span className="font-medium">{t('audiobooks.activeFilters')}:</span>
          {[...activeSelection].map((name) => (
            <span key={name} className="rounded-md bg-secondary px-2 py-0.5">
              {label(name)}
            </span>
          ))}
          <Button size="sm" variant="ghost" onClick={() => setSelected(new Set())}>
            <X aria-hidden />
            {t('audiobooks.clearAll')}
          </Button>
        </div>
      ) : null}

      {books.isPending ? (
        <div
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          aria-busy="true"
          aria-label={t('audiobooks.loading')}
        >
          {Array.from({ length: SKELETON_CARDS }, (_, index) => (
            <div
              key={index}
              data-testid="audiobook-skeleton"
              className="h-72 animate-pulse rounded-lg bg-muted"
            />
          ))}
        </div>
      ) : books.isError ? (
        <p className="text-destructive">{t('audiobooks.loadFailed')}</p>
      ) : all.length === 0 ? (
        <p className="py-16 text-center text-muted-foreground">{t('audiobooks.empty')}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {shown.map((book) => (
            <AudiobookCard
              key={book.id}
              book={book}
              showsCover={showsCovers}
              isDeleting={deleting.has(book.id)}
              onRename={(title) => renameBook(book.id, title)}
              onDelete={() => setToDelete({ id: book.id, title: book.title })}
            />
          ))}
        </div>
      )}

      <GenreManagerDialog isOpen={isManagingGenres} onOpenChange={setIsManagingGenres} />
      <Dialog open={toDelete !== null} onOpenChange={(isOpen) => !isOpen && setToDelete(null)}>
        <DialogContent closeLabel={t('audiobooks.close')} role="alertdialog">
          <DialogHeader>
            <DialogTitle>{t('audiobooks.deleteTitle')}</DialogTitle>
            <DialogDescription>
              {t('audiobooks.deleteDescription', { title: toDelete?.title ?? '' })}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setToDelete(null)}>
              {t('audiobooks.cancel')}
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()}>
              {t('audiobooks.deleteConfirm')}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
