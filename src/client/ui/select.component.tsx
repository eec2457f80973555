import {
  Children,
  type ComponentProps,
  createContext,
  isValidElement,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useState,
} from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';

/**
 * What a select's parts share: whether its options are mounted yet, and the chosen option's label when the
 * select's own elements name it.
 */
interface SelectState {
  hasOptions: boolean;
  mountOptions: () => void;
  chosenLabel: ReactNode | undefined;
  close: () => void;
}
const SelectStateContext = createContext<SelectState>({
  hasOptions: true,
  mountOptions: () => undefined,
  chosenLabel: undefined,
  close: () => undefined,
});

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
  const value = props.value ?? props.defaultValue;
  const chosenLabel = value === undefined ? undefined : labelOf(children, value);
  const [isMounted, setIsMounted] = useState(false);
  const [isOpenHere, setIsOpenHere] = useState(defaultOpen);
  const isOpen = open ?? isOpenHere;
  const changeOpen = (isNowOpen: boolean) => {
    setIsOpenHere(isNowOpen);
    onOpenChange?.(isNowOpen);
  };
  const state: SelectState = {
    hasOptions: isMounted || chosenLabel === undefined || isOpen,
    mountOptions: () => setIsMounted(true),
    chosenLabel,
    close: () => changeOpen(false),
  };
  return (
    <SelectStateContext.Provider value={state}>
      <SelectPrimitive.Root open={isOpen} onOpenChange={changeOpen} {...props}>
        {children}
      </SelectPrimitive.Root>
    </SelectStateContext.Provider>
  );
}

export const SelectGroup = SelectPrimitive.Group;

/** Shows the chosen option's label from the select's items (see `Select`), or the children given. */
export function SelectValue({ children, ...props }: ComponentProps<typeof SelectPrimitive.Value>) {
  const { chosenLabel } = useContext(SelectStateContext);
  return <SelectPrimitive.Value {...props}>{children ?? chosenLabel}</SelectPrimitive.Value>;
}

export function SelectTrigger({
  className,
  children,
  onFocus,
  onPointerEnter,
  onPointerDown,
  onClick,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const { mountOptions } = useContext(SelectStateContext);
  /** The caller's handler, after the options are mounted. */
  const mountingFirst =
    <TEvent,>(handler: ((event: TEvent) => void) | undefined) =>
    (event: TEvent) => {
      mountOptions();
      handler?.(event);
    };
  return (
    <SelectPrimitive.Trigger
      onFocus={mountingFirst(onFocus)}
      onPointerEnter={mountingFirst(onPointerEnter)}
      onPointerDown={mountingFirst(onPointerDown)}
      onClick={mountingFirst(onClick)}
      className={cn(
        'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-muted-foreground [&>span]:truncate',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  onKeyDown,
  ...props
}: ComponentProps<typeof SelectPrimitive.Content>) {
  const { hasOptions, close } = useContext(SelectStateContext);
  if (!hasOptions) return null;
  /**
   * Radix closes the list on Escape from a listener on the document, which it adds only some renders after
   * the list has opened and taken the focus; an Escape pressed in between (a quick hand, a busy phone) was
   * lost and the list stayed open. Once Radix's listener is in, it handles the key first and marks it handled.
   */
  const closeOnEarlyEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    event.preventDefault();
    close();
  };
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        position={position}
        className={cn(
          'relative z-50 max-h-96 min-w-32 overflow-hidden rounded-md border bg-popover text-popover-foreground shadow-lg',
          position === 'popper' && 'w-full min-w-[var(--radix-select-trigger-width)] translate-y-1',
          className,
        )}
        onKeyDown={closeOnEarlyEscape}
        {...props}
      >
        <SelectPrimitive.Viewport className="p-1">{children}</SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectLabel({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)}
      {...props}
    />
  );
}

export function SelectItem({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-sm py-2 pl-8 pr-2 text-sm outline-none data-[disabled]:pointer-events-none data-[disabled]:opacity-60 data-[highlighted]:bg-accent data-[highlighted]:text-accent-foreground',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-4 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
    </SelectPrimitive.Item>
  );
}
