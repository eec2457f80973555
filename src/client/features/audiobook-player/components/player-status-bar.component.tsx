import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Audiobook } from '../../../../shared/api/audiobooks';

interface PlayerStatusBarProps {
  book: Audiobook;
  index: number;
  total: number;
  loop: number;
  totalLoops: number;
  isPlayingAll: boolean;
  listens: number;
  picturesByProvider: readonly { provider: string; count: number }[];
  onSeek: (index: number) => void;
}

const KNOWN_PROVIDERS = new Set(['original', 'builtin', 'openai', 'leonardo']);

/**
 * Position slider with percent, loop, active and passive words, word count, listens and pictures per provider
 * (docs/product/audiobooks.md#player). The slider moves the book only when no play-all runs.
 */
export function PlayerStatusBar(props: PlayerStatusBarProps) {
  const { t } = useTranslation();
  // Dragging shows where it will land; the sentence changes once, on release.
  const [draggedIndex, setDraggedIndex] = useState<number | null>(null);
  const commitDrag = () => {
    if (draggedIndex !== null && draggedIndex !== props.index) props.onSeek(draggedIndex);
    setDraggedIndex(null);
  };
  const shown = draggedIndex ?? props.index;
  const percent = Math.round(((shown + 1) / Math.max(1, props.total)) * 100);
  const { book } = props;
  return (
    <header
      aria-label={t('audiobookPlayer.statusBar.label')}
      className="pointer-events-auto flex flex-col gap-2 bg-gradient-to-b from-black/75 to-transparent px-4 pt-3 pb-6 pl-16 text-sm text-white"
    >
      <div className="flex items-center gap-3">
        <input
          type="range"
          min={0}
          max={Math.max(0, props.total - 1)}
          step={1}
          value={shown}
          disabled={props.isPlayingAll || props.total < 2}
          aria-label={t('audiobookPlayer.statusBar.position')}
          aria-valuetext={t('audiobookPlayer.statusBar.counter', { current: shown + 1, total: props.total })}
          onChange={(event) => setDraggedIndex(Number(event.target.value))}
          onPointerUp={commitDrag}
          onKeyUp={commitDrag}
          onBlur={commitDrag}
          className="h-2 w-full cursor-pointer accent-[var(--accent-text)] disabled:cursor-not-allowed disabled:opacity-60"
        />
        <span className="shrink-0 tabular-nums" data-testid="player-percent">
          {percent}%
        </span>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-white/85 tabular-nums">
        {props.loop > 0 ? (
          <span>{t('audiobookPlayer.statusBar.loop', { loop: props.loop, total: props.totalLoops })}</span>
        ) : null}
        <span>
          {t('audiobookPlayer.statusBar.active', {
            used: book.activeWordsUsed,
            total: book.totalActiveWords,
          })}
        </span>
        <span>
          {t('audiobookPlayer.statusBar.passive', {
            used: book.passiveWordsUsed,
            total: book.totalPassiveWords,
          })}
        </span>
        <span data-testid="player-word-count" data-count={book.actualWordCountSpanish}>
          {t('audiobookPlayer.statusBar.words', { count: book.actualWordCountSpanish })}
        </span>
        <span data-testid="player-listens">
          {t('audiobookPlayer.statusBar.listens', { count: props.listens })}
        </span>
        {props.picturesByProvider.map(({ provider, count }) => (
          <span key={provider}>
            {t('audiobookPlayer.statusBar.pictures', {
              provider: KNOWN_PROVIDERS.has(provider)
                ? t(`audiobookPlayer.providers.${provider as 'original'}`)
                : provider,
              count,
            })}
          </span>
        ))}
      </div>
    </header>
  );
}
