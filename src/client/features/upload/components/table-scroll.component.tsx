import type { ReactNode } from 'react';

/**
 * Wide tables scroll sideways on a phone. The scroll box takes keyboard focus so the hidden columns can be
 * reached without a pointer (axe: scrollable-region-focusable), and is named after its table.
 */
export function TableScroll({ labelledBy, children }: { labelledBy: string; children: ReactNode }) {
  return (
    <div role="group" aria-labelledby={labelledBy} tabIndex={0} className="overflow-x-auto rounded-md">
      {children}
    </div>
  );
}
