import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Images, LoaderCircle, Pencil, Trash2, X } from 'lucide-react';
import { type Audiobook, AUDIOBOOK_TITLE_MAX } from '../../../../shared/api/audiobooks';
import { errorText } from '../../../lib/error-text';
import { usePictureSource } from '../../../lib/hooks/picture-source.hook';
import { useJob } from '../../../lib/jobs/job.hook';
import { queryKeys } from '../../../lib/query-keys';
import { Badge } from '../../../ui/badge.component';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Progress } from '../../../ui/progress.component';
import { audiobookSentencesQueryOptions } from '../api/audiobook-sentences.api';
import { genreLabel } from '../../../lib/genre-label';
import { seriesStyleName } from '../../../lib/series-style-name';
import { cardDate, nextPicture } from '../lib/library';

/**
 * One book of the library (docs/product/audiobooks.md#library): cover, title (edited in place), level,
 * genres, words used, length and date; a book still being written shows its progress, a failed one why.
 */
export function AudiobookCard({
  book,
  showsCover,
  isDeleting,
  onRename,
  onDelete,
}: {
  book: Audiobook;
  showsCover: boolean;
  isDeleting: boolean;
  onRename: (title: string) => Promise<boolean>;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<string | null>(null);
  const [picture, setPicture] = useState<string | null>(book.coverImageData);
  const [isCycling, setIsCycling] = useState(false);
  const cover = usePictureSource(picture, 'card');
  const { job } = useJob(book.status === 'processing' ? book.jobId : null, {
    onFinish: () => void queryClient.invalidateQueries({ queryKey: queryKeys.audiobooks.list }),
  });

  const save = async () => {
    const title = draft?.trim() ?? '';
    if (title === '' || title === book.title) {
      setDraft(null);
      return;
    }
    if (await onRename(title)) setDraft(null);
  };

  const cycle = async () => {
    setIsCycling(true);
    try {
      const sentences = await queryClient.query(audiobookSentencesQueryOptions(book.id));
      const pictures = sentences.flatMap((sentence) => (sentence.imageData ? [sentence.imageData] : []));
      setPicture((current) => nextPicture(pictures, current));
    } finally {
      setIsCycling(false);
    }
  };

  const processed = job?.progress.processed ?? 0;
  return (
    <article
      className="flex flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-sm"
      aria-label={book.title}
      data-testid="audiobook-card"
    >
      {showsCover ? (
        <div className="relative aspect-video overflow-hidden bg-muted">
          {/* Out of the flow: a square picture must not stretch the 16:9 frame. */}
          {cover ? (
            <img src={cover} alt="" loading="lazy" className="absolute inset-0 size-full object-cover" />
          ) : null}
          {book.imageCount > 0 ? (
            <Button
              size="icon"
              variant="secondary"
              className="absolute bottom-2 right-2"
              onClick={() => void cycle()}
              disabled={isCycling}
              aria-label={t('audiobooks.card.nextPicture')}
            >
              {isCycling ? <LoaderCircle className="animate-spin" aria-hidden /> : <Images aria-hidden />}
            </Button>
          ) : null}
          {book.selectedSeries ? (
            <Badge variant="secondary" className="absolute left-2 top-2">
              {seriesStyleName(book.selectedSeries, i18n.language)}
            </Badge>
          ) : null}
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-2 p-4">
        {draft === null ? (
          <div className="flex items-start gap-1">
            <h2 className="line-clamp-2 flex-1 font-semibold">
              <Link to={`/audiobook/${book.id}`} className="hover:underline">
                {book.title}
              </Link>
            </h2>
            <Button
              size="icon"
              variant="ghost"
              onClick={() => setDraft(book.title)}
              aria-label={t('audiobooks.card.rename')}
            >
              <Pencil aria-hidden />
            </Button>
          </div>
        ) : (
          <div className="flex items-center gap-1">
            <Input
              value={draft}
              maxLength={AUDIOBOOK_TITLE_MAX}
              autoFocus
              aria-label={t('audiobooks.card.titleLabel')}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void save();
                if (event.key === 'Escape') {
                  event.preventDefault();
                  setDraft(null);
                }
              }}
            />
            <Button
              size="icon"
              variant="ghost"
              onClick={() => void save()}
              aria-label={t('audiobooks.card.save')}
            >
              <Check aria-hidden />
            </Button>
            <Button
              size="icon"
              variant="ghost"
              onClick={() => setDraft(null)}
              aria-label={t('audiobooks.card.cancel')}
            >
              <X aria-hidden />
            </Button>
          </div>
        )}
        <div className="flex flex-wrap gap-1">
          {book.grammarLevel ? <Badge>{book.grammarLevel}</Badge> : null}
          {book.genreNames.map((name) => (
            <Badge key={name} variant="outline">
              {genreLabel(name, (key) => t(key as never))}
            </Badge>
          ))}
        </div>
        {book.status === 'processing' ? (
          <div className="grid gap-1 text-sm" data-testid="audiobook-processing">
            <span>{t('audiobooks.card.processing', { done: processed, total: 8 })}</span>
            <Progress value={(processed / 8) * 100} aria-label={t('audiobooks.card.processingLabel')} />
          </div>
        ) : book.status === 'failed' ? (
          <p className="text-sm text-destructive">
            {t('audiobooks.card.failed')}
            {book.error ? `: ${errorText(t, book.error)}` : ''}
          </p>
        ) : (
          <dl className="grid grid-cols-2 gap-x-3 text-sm text-muted-foreground">
            <dt>{t('audiobooks.card.active')}</dt>
            <dd className="text-right tabular-nums">
              {book.activeWordsUsed}/{book.totalActiveWords}
            </dd>
            <dt>{t('audiobooks.card.passive')}</dt>
            <dd className="text-right tabular-nums">
              {book.passiveWordsUsed}/{book.totalPassiveWords}
            </dd>
            <dt>{t('audiobooks.card.words')}</dt>
            <dd className="text-right tabular-nums" data-testid="audiobook-word-count">
              {book.actualWordCountSpanish}
            </dd>
            <dt>{t('audiobooks.card.sentences')}</dt>
            <dd className="text-right tabular-nums">{book.sentenceCount}</dd>
          </dl>
        )}
        <div className="mt-auto flex items-center justify-between pt-2">
          <time dateTime={book.createdAt} className="text-xs text-muted-foreground">
            {cardDate(book.createdAt)}
          </time>
          <Button
            size="icon"
            variant="ghost"
            onClick={onDelete}
            disabled={isDeleting}
            aria-label={t('audiobooks.card.delete')}
          >
            {isDeleting ? <LoaderCircle className="animate-spin" aria-hidden /> : <Trash2 aria-hidden />}
          </Button>
        </div>
      </div>
    </article>
  );
}
