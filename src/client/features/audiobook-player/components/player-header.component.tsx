import { useTranslation } from 'react-i18next';
import type { Audiobook } from '../../../../shared/api/audiobooks';
import { genreLabel } from '../../../lib/genre-label';
import { genreTitle } from '../lib/player-view';
import { PlayerStatusBar } from './player-status-bar.component';

interface PlayerHeaderProps {
  book: Audiobook;
  index: number;
  total: number;
  loop: number;
  totalLoops: number;
  isPlayingAll: boolean;
  isStatusBarShown: boolean;
  picturesByProvider: readonly { provider: string; count: number }[];
  /** Pictures the sentences show now, for the summary line. */
  imageCount: number;
  onSeek: (index: number) => void;
}

const SHADOW = '[text-shadow:0_1px_4px_rgb(0_0_0/0.6)]';

/**
 * The top of the player (docs/product/audiobooks.md#player): the status bar when shown, the genre and the
 * summary line. One column: the bar wraps to more lines on a phone, and the title moves down with it instead of
 * lying under it.
 */
export function PlayerHeader(props: PlayerHeaderProps) {
  const { t } = useTranslation();
  const { book, index, total } = props;
  const level = book.grammarLevel ?? '—';
  return (
    <div className="pointer-events-none absolute inset-x-0 top-0 z-10 flex flex-col">
      {props.isStatusBarShown ? (
        <PlayerStatusBar
          book={book}
          index={index}
          total={total}
          loop={props.loop}
          totalLoops={props.totalLoops}
          isPlayingAll={props.isPlayingAll}
          listens={book.listenCount}
          picturesByProvider={props.picturesByProvider}
          onSeek={props.onSeek}
        />
      ) : null}
      <div
        className={
          'flex flex-col items-center gap-1 px-6 text-center ' + (props.isStatusBarShown ? '' : 'pt-6')
        }
      >
        <p className={`text-lg font-semibold ${SHADOW}`} data-testid="player-genre">
          {genreTitle(book, (name) => genreLabel(name, (key) => t(key as never)))}
        </p>
        <p className={`text-xs text-white/80 ${SHADOW}`} data-testid="player-summary">
          {/* The status bar already shows the book's figures; the line repeats them only while it is hidden. */}
          {props.isStatusBarShown
            ? t('audiobookPlayer.summaryShort', { level, position: index + 1, total })
            : t('audiobookPlayer.summary', {
                level,
                words: book.actualWordCountSpanish,
                active: book.activeWordsUsed,
                passive: book.passiveWordsUsed,
                position: index + 1,
                total,
                images: props.imageCount,
              })}
        </p>
      </div>
    </div>
  );
}
