import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Plus, Trash2 } from 'lucide-react';
import type { GenreSort } from '../../../../shared/api/audiobooks';
import { serverErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button.component';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../ui/dialog.component';
import { Input } from '../../../ui/input.component';
import { toast } from '../../../ui/toast-store';
import { useAudiobookGenres } from '../api/audiobook-genres.api';
import { useCreateGenre } from '../api/create-genre.api';
import { useDeleteGenre } from '../api/delete-genre.api';
import { genreLabel } from '../../../lib/genre-label';
import { sortGenres } from '../lib/library';

/** The learner's genres (docs/product/audiobooks.md#genres): add (Enter submits), delete their own, sort. */
export function GenreManagerDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const { t, i18n } = useTranslation();
  const [sortBy, setSortBy] = useState<GenreSort>('name');
  const [name, setName] = useState('');
  const genres = useAudiobookGenres(sortBy);
  const createGenre = useCreateGenre();
  const deleteGenre = useDeleteGenre();
  const nameId = useId();
  const label = (value: string) => genreLabel(value, (key) => t(key as never));
  const sorted = sortGenres(genres.data ?? [], sortBy, label, i18n.language);

  const add = async () => {
    const trimmed = name.trim();
    if (trimmed === '') return;
    try {
      await createGenre.mutateAsync(trimmed);
      setName('');
      toast({ title: t('audiobooks.genres.created') });
    } catch (error) {
      toast({
        title: t('audiobooks.genres.createFailed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    }
  };
  const remove = async (id: number) => {
    try {
      await deleteGenre.mutateAsync(id);
      toast({ title: t('audiobooks.genres.deleted') });
    } catch (error) {
      toast({
        title: t('audiobooks.genres.deleteFailed'),
        description: serverErrorText(t, error),
        variant: 'destructive',
      });
    }
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('audiobooks.close')}>
        <DialogHeader>
          <DialogTitle>{t('audiobooks.genres.title')}</DialogTitle>
          <DialogDescription>{t('audiobooks.genres.description')}</DialogDescription>
        </DialogHeader>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <label htmlFor={nameId} className="sr-only">
            {t('audiobooks.genres.nameLabel')}
          </label>
          <Input
            id={nameId}
            value={name}
            maxLength={60}
            placeholder={t('audiobooks.genres.namePlaceholder')}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={name.trim() === '' || createGenre.isPending}>
            {createGenre.isPending ? (
              <LoaderCircle className="animate-spin" aria-hidden />
            ) : (
              <Plus aria-hidden />
            )}
            {t('audiobooks.genres.add')}
          </Button>
        </form>
        <div
          className="flex items-center gap-2 text-sm"
          role="radiogroup"
          aria-label={t('audiobooks.genres.sortLabel')}
        >
          <span className="text-muted-foreground">{t('audiobooks.genres.sortLabel')}:</span>
          {(['name', 'createdAt'] as const).map((value) => (
            <Button
              key={value}
              size="sm"
              role="radio"
              aria-checked={sortBy === value}
              variant={sortBy === value ? 'default' : 'outline'}
              onClick={() => setSortBy(value)}
            >
              {t(`audiobooks.genres.sort.${value}`)}
            </Button>
          ))}
        </div>
        {/* Focusable: a list of built-ins alone has nothing else a keyboard can scroll it by (axe's
            scrollable-region-focusable; docs/product/overview.md#accessibility). */}
        <ul
          className="grid max-h-80 gap-1 overflow-y-auto"
          aria-label={t('audiobooks.genres.listLabel')}
          tabIndex={0}
        >
          {sorted.map((genre) => (
            <li
              key={genre.id}
              className="flex items-center justify-between gap-2 rounded-md px-2 py-1 hover:bg-accent"
            >
              <span>{label(genre.name)}</span>
              {genre.isBuiltin ? (
                <span className="text-xs text-muted-foreground">{t('audiobooks.genres.builtin')}</span>
              ) : (
                <Button
                  size="icon"
                  variant="ghost"
                  onClick={() => void remove(genre.id)}
                  disabled={deleteGenre.isPending}
                  aria-label={t('audiobooks.genres.delete', { name: genre.name })}
                >
                  <Trash2 aria-hidden />
                </Button>
              )}
            </li>
          ))}
        </ul>
      </DialogContent>
    </Dialog>
  );
}
