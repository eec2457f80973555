import { type ComponentProps, type KeyboardEvent, useContext } from 'react';
import { Check, ChevronDown } from 'lucide-react';
import { Select as SelectPrimitive } from 'radix-ui';
import { cn } from '../lib/cn';
import { SELECT_TRIGGER_CLASS, SelectStateContext } from './select-state';

/**
 * Radix's select, fetched once the screen is idle or when the learner reaches for a select
 * (`select.component.tsx`): the screen draws plain triggers until then.
 */
export const Root = SelectPrimitive.Root;
export const Group = SelectPrimitive.Group;

export function Value({ children, ...props }: ComponentProps<typeof SelectPrimitive.Value>) {
  const { chosenLabel } = useContext(SelectStateContext);
  return <SelectPrimitive.Value {...props}>{children ?? chosenLabel}</SelectPrimitive.Value>;
}

export function Trigger({
  className,
  children,
  onFocus,
  onPointerEnter,
  onPointerDown,
  onClick,
  ...props
}: ComponentProps<typeof SelectPrimitive.Trigger>) {
  const { mountOptions, adoptFocus } = useContext(SelectStateContext);
  /** The caller's handler, after the options are mounted. */
  const mountingFirst =
    <TEvent,>(handler: ((event: TEvent) => void) | undefined) =>
    (event: TEvent) => {
      mountOptions();
      handler?.(event);
    };
  return (
    <SelectPrimitive.Trigger
      ref={adoptFocus}
      onFocus={mountingFirst(onFocus)}
      onPointerEnter={mountingFirst(onPointerEnter)}
      onPointerDown={mountingFirst(onPointerDown)}
      onClick={mountingFirst(onClick)}
      className={cn(SELECT_TRIGGER_CLASS, className)}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

export function Content({
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

export function Label({ className, ...props }: ComponentProps<typeof SelectPrimitive.Label>) {
  return (
    <SelectPrimitive.Label
      className={cn('px-2 py-1.5 text-xs font-semibold text-muted-foreground', className)}
      {...props}
    />
  );
}

export function Item({ className, children, ...props }: ComponentProps<typeof SelectPrimitive.Item>) {
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
