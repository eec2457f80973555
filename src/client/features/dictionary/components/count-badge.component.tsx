import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/cn';

/**
 * A word row's small count: an icon and the number for the eye, the full sentence for screen readers
 * and as the tooltip. `className` gives the colours.
 */
export function CountBadge({
  Icon,
  label,
  value,
  className,
  ...data
}: {
  Icon: LucideIcon;
  label: string;
  value: ReactNode;
  className: string;
  'data-tone'?: string;
  'data-badge'?: string;
}) {
  return (
    <span
      title={label}
      {...data}
      className={cn(
        'inline-flex h-7 items-center gap-1 rounded-md px-2 text-xs font-semibold tabular-nums',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      <span className="sr-only">{label}</span>
      <span aria-hidden>{value}</span>
    </span>
  );
}
