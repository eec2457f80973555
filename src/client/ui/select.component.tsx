import {
  Children,
  type ComponentProps,
  isValidElement,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';
import { ChevronDown } from 'lucide-react';
import type { Select as SelectPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';
import { whenIdle } from '../lib/when-idle';
import { type RadixSelect, SELECT_TRIGGER_CLASS, type SelectState, SelectStateContext } from './select-state';

/**
 * Radix's select (and Floating UI, its popper and focus scope, some 27 KB compressed) is not on a screen's
 * path (docs/product/overview.md#serving-the-client): a select is drawn as a plain trigger showing the chosen
 * option's label. Radix's parts are fetched once the screen is idle, and take over a select when the learner
 * reaches for it (pointer over it, focus), one select at a time, so that no task draws every select of the
 * screen again; a press or an opening key that comes before they are in opens the list as soon as they are,
 * and the focus stays on the trigger.
 */
let radixSelectLoading: Promise<RadixSelect> | undefined;

function loadRadixSelect(): Promise<RadixSelect> {
  radixSelectLoading ??= import('./select-radix.component').catch((error: unknown) => {
    // Offline: the plain triggers stay, and the next reach for one tries again.
    radixSelectLoading = undefined;
    throw error;
  });
  return radixSelectLoading;
}

/** The children of the item whose value is `value`, found among the elements below `node`. */
function labelOf(node: ReactNode, value: string): ReactNode | undefined {
  for (const child of Children.toArray(node)) {
    if (!isValidElement<{ value?: unknown; children?: ReactNode }>(child)) continue;
    if (child.type === SelectItem && child.props.value === value) return child.props.children;
    const found = labelOf(child.props.children, value);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * A closed Radix select still renders all of its options, off screen, as it mounts, and renders again as it
 * counts them: on a screen of selects (Settings) that was a phone's longest task
 * (docs/product/overview.md#serving-the-client). Here the options mount only once the trigger is focused,
 * pointed at, pressed or clicked (so typing on a focused select still picks an option), or the select is
 * opened from outside; until then the trigger shows the chosen option's label, read from the items given.
 * A select whose chosen item is not among its own elements (made by another component) mounts its options at
 * once, as before.
 */
export function Select({
  children,
  open,
  defaultOpen = false,
  onOpenChange,
  ...props
}: ComponentProps<typeof SelectPrimitive.Root>) {
  const [radix, setRadix] = useState<RadixSelect | null>(null);
  const value = props.value ?? props.defaultValue;
  const chosenLabel = value === undefined ? undefined : labelOf(children, value);
  const [isMounted, setIsMounted] = useState(false);
  const [isOpenHere, setIsOpenHere] = useState(defaultOpen);
  const hadFocus = useRef(false);
  const isOpen = open ?? isOpenHere;
  const changeOpen = (isNowOpen: boolean) => {
    setIsOpenHere(isNowOpen);
    onOpenChange?.(isNowOpen);
  };
  useEffect(() => whenIdle(() => void loadRadixSelect().catch(() => undefined)), []);
  const hasValue = value !== undefined && value !== '';
  // Open (pressed, or opened from outside) before Radix's parts took over, or a chosen option the plain trigger
  // cannot name (an item another component makes): Radix's parts take over as soon as they are in.
  const needsRadixNow = isOpen || (hasValue && chosenLabel === undefined);
  useEffect(() => {
    if (!needsRadixNow || radix) return;
    let isCurrent = true;
    loadRadixSelect().then(
      (parts) => {
        if (isCurrent) setRadix(() => parts);
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [needsRadixNow, radix]);
  const state: SelectState = {
    radix,
    hasOptions: isMounted || chosenLabel === undefined || isOpen,
    mountOptions: () => setIsMounted(true),
    chosenLabel,
    hasValue,
    isDisabled: props.disabled ?? false,
    isOpen,
    close: () => changeOpen(false),
    reach: (shouldOpen, trigger) => {
      setIsMounted(true);
      hadFocus.current = document.activeElement === trigger;
      if (shouldOpen) changeOpen(true);
      loadRadixSelect().then(
        (parts) => setRadix(() => parts),
        () => {
          if (shouldOpen) changeOpen(false);
        },
      );
    },
    adoptFocus: (node) => {
      if (!node || !hadFocus.current) return;
      hadFocus.current = false;
      node.focus();
    },
  };
  return (
    <SelectStateContext.Provider value={state}>
      {radix ? (
        <radix.Root open={isOpen} onOpenChange={changeOpen} {...props}>
          {children}
        </radix.Root>
      ) : (
        children
      )}
    </SelectStateContext.Provider>
  );
}

export function SelectGroup(props: ComponentProps<typeof SelectPrimitive.Group>) {
  const { radix } = useContext(SelectStateContext);
  return radix ? <radix.Group {...props} /> : null;
}

/** Shows the chosen option's label from the select's items (see `Select`), or the children given. */
export function SelectValue({
  children,
  placeholder,
  ...props
}: ComponentProps<typeof SelectPrimitive.Value>) {
  const { radix, chosenLabel, hasValue } = useContext(SelectStateContext);
  if (radix) {
    return (
      <radix.Value placeholder={placeholder} {...props}>
        {children}
      </radix.Value>
    );
  }
  // As Radix's value is drawn: a span the pointer passes through.
  return <span style={{ pointerEvents: 'none' }}>{hasValue ? (children ?? chosenLabel) : placeholder}</span>;
}

export function SelectTrigger({
  className,
  children,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const state = useContext(SelectStateContext);
  if (state.radix) {
    return (
      <state.radix.Trigger className={className} {...props}>
        {children}
      </state.radix.Trigger>
    );
  }
  return (
    <PlainTrigger
      className={className}
      isOpen={state.isOpen}
      hasValue={state.hasValue}
      isDisabled={state.isDisabled}
      reach={state.reach}
      {...props}
    >
      {children}
    </PlainTrigger>
  );
}

/** Radix's trigger opens the list on these keys. */
const OPENING_KEYS = new Set([' ', 'Enter', 'ArrowUp', 'ArrowDown']);

/**
 * The trigger drawn until Radix's parts are in: it looks and is named as Radix's, a reach for it fetches them,
 * and it opens the list on what opens Radix's (a primary mouse press, a tap, an opening key).
 */
function PlainTrigger({
  className,
  children,
  isOpen,
  hasValue,
  isDisabled,
  reach,
  onFocus,
  onPointerEnter,
  onPointerDown,
  onClick,
  onKeyDown,
  asChild: _asChild,
  disabled,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger> &
  Pick<SelectState, 'isOpen' | 'hasValue' | 'isDisabled' | 'reach'>) {
  const pointerType = useRef('');
  return (
    <button
      type="button"
      role="combobox"
      aria-expanded={isOpen}
      aria-autocomplete="none"
      data-state={isOpen ? 'open' : 'closed'}
      data-placeholder={hasValue ? undefined : ''}
      data-disabled={isDisabled || disabled ? '' : undefined}
      disabled={isDisabled || disabled}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...props}
      onFocus={(event) => {
        onFocus?.(event);
        reach(false, event.currentTarget);
      }}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        reach(false, event.currentTarget);
      }}
      onPointerDown={(event: PointerEvent<HTMLButtonElement>) => {
        onPointerDown?.(event);
        pointerType.current = event.pointerType;
        if (event.button !== 0 || event.ctrlKey || event.pointerType !== 'mouse') return;
        // As Radix's trigger: the press opens the list without moving the focus to the button.
        event.preventDefault();
        reach(true, event.currentTarget);
      }}
      onClick={(event) => {
        onClick?.(event);
        if (pointerType.current !== 'mouse') reach(true, event.currentTarget);
      }}
      onKeyDown={(event: KeyboardEvent<HTMLButtonElement>) => {
        onKeyDown?.(event);
        if (!OPENING_KEYS.has(event.key)) return;
        event.preventDefault();
        reach(true, event.currentTarget);
      }}
    >
      {children}
      <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden />
    </button>
  );
}

export function SelectContent(props: ComponentProps<typeof SelectPrimitive.Content>) {
  const { radix } = useContext(SelectStateContext);
  return radix ? <radix.Content {...props} /> : null;
}

export function SelectLabel(props: ComponentProps<typeof SelectPrimitive.Label>) {
  const { radix } = useContext(SelectStateContext);
  return radix ? <radix.Label {...props} /> : null;
}

export function SelectItem(props: ComponentProps<typeof SelectPrimitive.Item>) {
  const { radix } = useContext(SelectStateContext);
  return radix ? <radix.Item {...props} /> : null;
}
