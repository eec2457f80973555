import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Clock, Headphones, Repeat } from 'lucide-react';
import type { PlayerWord } from '../../../lib/audio/learn-player.types';
import { daysSinceDisabled } from '../../../lib/days-since-disabled';
import { formatElapsed } from '../lib/listen-progress';

interface LearnTopBarProps {
  word: PlayerWord;
  index: number;
  total: number;
  loop: number;
  totalLoops: number;
  isPlayingAll: boolean;
  isListenCountShown: boolean;
  /** When the learner opened the screen (ms). */
  startedAt: number;
  onSeek: (index: number) => void;
}

/** The clock, read once a second: enough for the study time and whole days. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/**
 * Position, counter and percent, loop, study time, listen count and spaced-repetition days
 * (docs/product/learn.md#card).
 */
export function LearnTopBar({
  word,
  index,
  total,
  loop,
  totalLoops,
  isPlayingAll,
  isListenCountShown,
  startedAt,
  onSeek,
}: LearnTopBarProps) {
  const { t } = useTranslation();
  const now = useNow();
  // Dragging shows where it will land; the card changes (and autoplays) once, on release.
  const [draggedIndex, setDraggedIndex] = useState<number | null>(null);
  const commitDrag = () => {
    if (draggedIndex !== null && draggedIndex !== index) onSeek(draggedIndex);
    setDraggedIndex(null);
  };
  const elapsed = Math.floor((now - startedAt) / 1000);
  const percent = Math.round(((index + 1) / total) * 100);
  const spacedRepetitionDays = word.isSpacedRepetitionDue
    ? daysSinceDisabled(word.disabledAt ?? null, now)
    : null;

  return (
    <header
      aria-label={t('learn.topBar.label')}
      className="absolute inset-x-0 top-0 z-10 flex flex-col gap-2 bg-gradient-to-b from-black/70 to-transparent px-4 pt-3 pb-6 pl-16 text-sm text-white"
    >
      <input
        type="range"
        min={0}
        max={Math.max(0, total - 1)}
        step={1}
        value={draggedIndex ?? index}
        disabled={isPlayingAll || total < 2}
        aria-label={t('learn.topBar.position')}
        aria-valuetext={t('learn.topBar.counter', { current: (draggedIndex ?? index) + 1, total })}
        onChange={(event) => setDraggedIndex(Number(event.target.value))}
        onPointerUp={commitDrag}
        onKeyUp={commitDrag}
        onBlur={commitDrag}
        className="h-2 w-full cursor-pointer accent-[var(--accent-text)] disabled:cursor-not-allowed disabled:opacity-60"
      />
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 tabular-nums">
        <span data-testid="learn-counter">{t('learn.topBar.counter', { current: index + 1, total })}</span>
        <span>{t('learn.topBar.percent', { percent })}</span>
        {isPlayingAll ? (
          <span className="inline-flex items-center gap-1" data-testid="learn-loop">
            <Repeat className="size-4" aria-hidden />
            {t('learn.topBar.loop', { loop, total: totalLoops })}
          </span>
        ) : null}
        <span className="inline-flex items-center gap-1">
          <Clock className="size-4" aria-hidden />
          <span className="sr-only">{t('learn.topBar.elapsed')}</span>
          <time dateTime={`PT${elapsed}S`}>{formatElapsed(elapsed)}</time>
        </span>
        {isListenCountShown ? (
          <span className="inline-flex items-center gap-1" data-testid="learn-listen-count">
            <Headphones className="size-4" aria-hidden />
            {t('learn.topBar.listenCount', { count: word.attempts })}
          </span>
        ) : null}
        {spacedRepetitionDays !== null ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-violet-600/80 px-2 py-0.5">
            <CalendarClock className="size-4" aria-hidden />
            {t('learn.topBar.spacedRepetition', { count: spacedRepetitionDays })}
          </span>
        ) : null}
      </div>
    </header>
  );
}
