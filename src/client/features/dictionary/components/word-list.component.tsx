import { startTransition, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { defaultRangeExtractor, useWindowVirtualizer } from '@tanstack/react-virtual';
import { useTranslation } from 'react-i18next';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { firstRowsToDraw } from '../lib/first-rows';
import type { ListenThresholdSettings } from '../lib/listen-badge';
import { WordRow, type WordRowHandlers } from './word-row.component';

/** A row with tags on a phone is about this tall; rows are measured once drawn. */
const ESTIMATED_ROW_HEIGHT = 96;
const ROW_GAP = 8;
/** Rows drawn beyond the viewport on each side, so fast scrolling shows no blank. */
const OVERSCAN_ROWS = 6;

interface WordListProps extends WordRowHandlers {
  words: readonly DictionaryWord[];
  isSelectMode: boolean;
  selectedIds: ReadonlySet<number>;
  showTags: boolean;
  showListenCount: boolean;
  thresholds: ListenThresholdSettings | undefined;
  daysSinceDisabled: ReadonlyMap<number, number>;
  imageBusyIds: ReadonlySet<number>;
  phraseBusyIds: ReadonlySet<number>;
  toggleBusyIds: ReadonlySet<number>;
}

/**
 * The words, virtualised against the window's scroll: only the rows near the viewport are in the DOM,
 * so 10,000 words scroll as smoothly as 10. Each drawn row says its place in the whole list.
 */
export function WordList({ words, ...rowProps }: WordListProps) {
  const { t } = useTranslation();
  const listRef = useRef<HTMLDivElement>(null);
  /** Where the list starts on the page; undefined until measured, and no row is drawn before. */
  const [scrollMargin, setScrollMargin] = useState<number>();
  const isPlaced = scrollMargin !== undefined;

  // The list starts below the toolbar, whose height changes (job panels, select bar, wrapping). It is first
  // measured as a transition: the screen around it shows without rows, and the rows in view are drawn in a
  // task of their own (docs/product/overview.md#serving-the-client).
  useLayoutEffect(() => {
    const element = listRef.current;
    if (!element) return;
    const measure = () => {
      const top = element.getBoundingClientRect().top + window.scrollY;
      setScrollMargin((current) => (current !== undefined && Math.abs(current - top) < 1 ? current : top));
    };
    startTransition(measure);
    const observer = new ResizeObserver(measure);
    if (element.parentElement) observer.observe(element.parentElement);
    return () => observer.disconnect();
  }, []);

  // Then the rows come one at a time, each in a task of its own, until all the virtualizer asks for are drawn;
  // from then on it draws them as it needs (docs/product/overview.md#serving-the-client). A row costs a
  // phone several milliseconds to draw and style, and a dozen of them in one task kept it busy for 300.
  const [drawnLimit, setDrawnLimit] = useState(0);
  const wantedRowCount = useRef(0);
  const isAppearing = drawnLimit !== Number.POSITIVE_INFINITY;
  useEffect(() => {
    if (!isPlaced || !isAppearing) return;
    if (drawnLimit >= wantedRowCount.current && drawnLimit > 0) {
      setDrawnLimit(Number.POSITIVE_INFINITY);
      return;
    }
    const step = window.setTimeout(() => setDrawnLimit((limit) => limit + 1));
    return () => window.clearTimeout(step);
  }, [isPlaced, isAppearing, drawnLimit]);

  const virtualizer = useWindowVirtualizer({
    count: words.length,
    estimateSize: () => ESTIMATED_ROW_HEIGHT,
    overscan: OVERSCAN_ROWS,
    rangeExtractor: (range) => {
      if (!isAppearing) return defaultRangeExtractor(range);
      wantedRowCount.current = defaultRangeExtractor(range).length;
      return firstRowsToDraw(range, drawnLimit);
    },
    gap: ROW_GAP,
    scrollMargin: scrollMargin ?? 0,
    getItemKey: (index) => words[index]?.id ?? index,
    // The window's real size from the first pass: with the default (0 × 0) the first pass drew no rows, and
    // they all came in a second, synchronous pass once the window was measured
    // (docs/product/overview.md#serving-the-client).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  const items = isPlaced ? virtualizer.getVirtualItems() : [];

  return (
    <div
      ref={listRef}
      role="list"
      aria-label={t('dictionary.listLabel')}
      className="relative w-full"
      style={{ height: virtualizer.getTotalSize() }}
    >
      {items.map((item) => {
        const word = words[item.index];
        if (!word) return null;
        return (
          <div
            key={item.key}
            role="listitem"
            aria-setsize={words.length}
            aria-posinset={item.index + 1}
            data-index={item.index}
            ref={virtualizer.measureElement}
            className="absolute top-0 left-0 w-full"
            style={{ transform: `translateY(${item.start - virtualizer.options.scrollMargin}px)` }}
          >
            <WordRow
              word={word}
              isSelectMode={rowProps.isSelectMode}
              isSelected={rowProps.selectedIds.has(word.id)}
              showTags={rowProps.showTags}
              showListenCount={rowProps.showListenCount}
              thresholds={rowProps.thresholds}
              daysSinceDisabled={rowProps.daysSinceDisabled.get(word.id) ?? null}
              isImageBusy={rowProps.imageBusyIds.has(word.id)}
              isPhraseBusy={rowProps.phraseBusyIds.has(word.id)}
              isToggleBusy={rowProps.toggleBusyIds.has(word.id)}
              onToggleSelected={rowProps.onToggleSelected}
              onOpenImage={rowProps.onOpenImage}
              onOpenCard={rowProps.onOpenCard}
              onOpenSentences={rowProps.onOpenSentences}
              onOpenMediaLibrary={rowProps.onOpenMediaLibrary}
              onToggleActive={rowProps.onToggleActive}
              onRegenerateImage={rowProps.onRegenerateImage}
              onRegeneratePhrase={rowProps.onRegeneratePhrase}
            />
          </div>
        );
      })}
    </div>
  );
}
