import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names and lets later Tailwind utilities override earlier ones (shadcn convention). */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * Builds the class merger's tables, which its first call does: some 20 ms (80 ms on a phone) that would
 * otherwise fall inside the first screen's render. The start calls it in a task of its own while the screen's
 * files are still on their way (docs/product/overview.md#serving-the-client).
 */
export function prepareClassMerging(): void {
  twMerge('');
}
