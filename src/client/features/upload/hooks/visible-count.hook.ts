import { startTransition, useEffect, useState } from 'react';
import { nextVisibleCount, RESULT_PAGE_SIZE } from '../lib/upload-job-state';

/**
 * Rows drawn at once: a page of result rows comes this many at a time, each step a task of its own, so a
 * phone's main thread is never held for fifty rows at once (docs/product/overview.md#serving-the-client).
 */
const ROWS_PER_STEP = 10;

/**
 * How many rows of a long list to render: a 5,000-line upload would freeze the page if every result row
 * were in the DOM at once, so lists grow a page at a time on request. `visible` is the page the learner
 * asked for (what "shown" counts); `drawn`, the rows in the DOM so far, catches up with it step by step.
 */
export function useVisibleCount(total: number, pageSize = RESULT_PAGE_SIZE) {
  const [requested, setRequested] = useState(pageSize);
  const [drawnCount, setDrawnCount] = useState(ROWS_PER_STEP);
  const visible = Math.min(requested, total);
  const drawn = Math.min(drawnCount, visible);
  useEffect(() => {
    if (drawn >= visible) return undefined;
    const step = window.setTimeout(() => startTransition(() => setDrawnCount(drawn + ROWS_PER_STEP)));
    return () => window.clearTimeout(step);
  }, [drawn, visible]);
  return {
    visible,
    drawn,
    hasMore: requested < total,
    showMore: () => setRequested((current) => nextVisibleCount(current, total, pageSize)),
  };
}
