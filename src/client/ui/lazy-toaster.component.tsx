import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { toastStore } from './toast-store';

const Toaster = lazy(async () => ({ default: (await import('./toaster.component')).Toaster }));

const hasToasts = () => toastStore.getState().toasts.length > 0;

/**
 * The toaster (Radix toast) is fetched with the first toast and stays from then on: most pages never show one,
 * and the first page loads no toast code (docs/product/overview.md#serving-the-client). A toast raised before
 * it arrives waits in the store and shows once it has.
 */
export function LazyToaster() {
  const isWanted = useSyncExternalStore(toastStore.subscribe, hasToasts, hasToasts);
  const [hasBeenWanted, setHasBeenWanted] = useState(false);
  if (isWanted && !hasBeenWanted) setHasBeenWanted(true);
  if (!isWanted && !hasBeenWanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
