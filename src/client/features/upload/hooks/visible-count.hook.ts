import { useState } from 'react';
import { nextVisibleCount, RESULT_PAGE_SIZE } from '../lib/upload-job-state';

/**
 * How many rows of a long list to render: a 5,000-line upload would freeze the page if every result row
 * were in the DOM at once, so lists grow a page at a time on request.
 */
export function useVisibleCount(total: number, pageSize = RESULT_PAGE_SIZE) {
  const [visible, setVisible] = useState(pageSize);
  return {
    visible: Math.min(visible, total),
    hasMore: visible < total,
    showMore: () => setVisible((current) => nextVisibleCount(current, total, pageSize)),
  };
}
