import { useCallback, useEffect, useRef, useState, type ComponentType, type ReactElement } from 'react';
import { Slot } from 'radix-ui';
import { whenIdle } from '../lib/when-idle';

/** What a deferred menu's own module receives to render the menu around the trigger. */
export interface DeferredMenuSlot {
  /** The trigger as the screen drew it: the menu wraps it in its DropdownMenuTrigger. */
  trigger: ReactElement;
  /** The menu's trigger's ref callback: the trigger takes the focus the screen's trigger had. */
  attachTrigger: (node: HTMLButtonElement | null) => void;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}

export type DeferredMenuComponent<P> = ComponentType<P & { deferred: DeferredMenuSlot }>;

interface DeferredMenuProps<P> {
  /** The trigger button, drawn at once; `aria-haspopup` and the press handlers are added here. */
  trigger: ReactElement;
  /** The module that renders the menu (Radix's menu and Floating UI come with it). */
  loadMenu: () => Promise<DeferredMenuComponent<P>>;
  menuProps: P;
  onOpenChange?: (isOpen: boolean) => void;
}

/**
 * A dropdown menu whose code is not on the screen's path (docs/product/overview.md#serving-the-client): the
 * screen draws only the trigger; the menu's module is fetched once the page is idle and takes over the
 * trigger when the learner reaches for it (pointer over it, focus). A press that comes first opens the menu
 * as soon as it is in. A list of rows each with a menu draws plain buttons until one is used.
 */
export function DeferredMenu<P extends object>({
  trigger,
  loadMenu,
  menuProps,
  onOpenChange,
}: DeferredMenuProps<P>) {
  const [Menu, setMenu] = useState<DeferredMenuComponent<P> | null>(null);
  const [isOpen, setIsOpen] = useState(false);
  const plainTriggerRef = useRef<HTMLButtonElement>(null);
  const shouldTakeFocus = useRef(false);
  const isLoading = useRef(false);

  useEffect(() => whenIdle(() => void loadMenu().catch(() => undefined)), [loadMenu]);

  const changeOpen = useCallback(
    (next: boolean) => {
      setIsOpen(next);
      onOpenChange?.(next);
    },
    [onOpenChange],
  );

  const takeOver = (shouldOpen: boolean) => {
    if (shouldOpen) changeOpen(true);
    if (isLoading.current) return;
    isLoading.current = true;
    loadMenu().then(
      (component) => {
        shouldTakeFocus.current = document.activeElement === plainTriggerRef.current;
        setMenu(() => component);
      },
      () => {
        // Offline: the trigger stays as it is, and the next reach for it tries again.
        isLoading.current = false;
        changeOpen(false);
      },
    );
  };

  const attachTrigger = useCallback((node: HTMLButtonElement | null) => {
    if (node && shouldTakeFocus.current) {
      shouldTakeFocus.current = false;
      node.focus();
    }
  }, []);

  if (Menu) {
    return <Menu {...menuProps} deferred={{ trigger, attachTrigger, isOpen, onOpenChange: changeOpen }} />;
  }
  return (
    <Slot.Root
      ref={plainTriggerRef}
      aria-haspopup="menu"
      aria-expanded={isOpen}
      onPointerEnter={() => takeOver(false)}
      onFocus={() => takeOver(false)}
      // As the menu's own trigger does: a primary press opens it, without moving focus to the button.
      onPointerDown={(event) => {
        if (event.button !== 0 || event.ctrlKey) return;
        event.preventDefault();
        takeOver(true);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Enter' && event.key !== ' ' && event.key !== 'ArrowDown') return;
        event.preventDefault();
        takeOver(true);
      }}
    >
      {trigger}
    </Slot.Root>
  );
}
