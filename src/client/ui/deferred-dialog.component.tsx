import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/when-idle';

interface DeferredDialogProps<P> {
  /** The dialog's module (a `loadOnce` of its `import()`): Radix's dialog and the dialog's own code come with it. */
  load: () => Promise<ComponentType<P>>;
  /** The dialog is wanted now: its module is fetched at once instead of at idle. */
  isOpen: boolean;
  dialogProps: P;
}

/**
 * A dialog whose code is not on the screen's path (docs/product/overview.md#serving-the-client): nothing is
 * drawn until its module is in, which is fetched once the page is idle, or at once when the dialog is opened
 * first (a link that opens a word's card). Once in, the dialog renders as if imported, open or closed.
 */
export function DeferredDialog<P extends object>({ load, isOpen, dialogProps }: DeferredDialogProps<P>) {
  const [Dialog, setDialog] = useState<ComponentType<P> | null>(null);

  useEffect(() => {
    let isCurrent = true;
    const take = () =>
      load().then(
        (component) => {
          if (isCurrent) setDialog(() => component);
        },
        // Offline: the next opening asks again.
        () => undefined,
      );
    if (isOpen) void take();
    const cancelIdle = whenIdle(() => void take());
    return () => {
      isCurrent = false;
      cancelIdle();
    };
  }, [load, isOpen]);

  return Dialog ? <Dialog {...dialogProps} /> : null;
}
