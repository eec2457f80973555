import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoaderCircle, RotateCw } from 'lucide-react';
import { serverErrorText } from '../../lib/error-text';
import { useDocumentTitle } from '../../lib/hooks/document-title.hook';
import { Button } from '../../ui/button.component';
import { useAudiobook } from './api/audiobook.api';
import { usePlayerSettings } from './api/player-settings.api';
import { usePosition } from './api/position.api';
import { useSentences } from './api/sentences.api';
import { PlayerMessage } from './components/player-message.component';
import { PlayerSession } from './components/player-session.component';
import { playerLoad } from './lib/player-view';

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
