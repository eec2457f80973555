import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';

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

/** The header row the upload tables share: muted, left-aligned column titles, the last without padding. */
export function TableHead({ columns }: { columns: ReadonlyArray<{ label: string; className?: string }> }) {
  return (
    <thead>
      <tr className="border-b text-left text-muted-foreground">
        {columns.map((column, index) => (
          <th
            key={column.label}
            scope="col"
            className={cn('py-2 font-medium', index < columns.length - 1 && 'pr-3', column.className)}
          >
            {column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
