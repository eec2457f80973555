import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useId,
} from 'react';
import { cn } from '../lib/cn';

/**
 * Tabs after the WAI-ARIA tabs pattern, with automatic activation: a tab is chosen as it takes the focus,
 * the arrow keys move between tabs (wrapping, Home and End to the ends), and only the chosen tab is in the
 * Tab order. Only the chosen tab's panel is drawn.
 *
 * Our own rather than Radix's: Radix's panel reads its computed animation name as it mounts, which forced a
 * style calculation of the whole new screen inside React's commit, the longest task of opening Settings on
 * a phone (docs/product/overview.md#serving-the-client). Here the panel is a plain element and the browser
 * styles the screen in its own frame.
 */
interface TabsState {
  baseId: string;
  value: string;
  select: (value: string) => void;
}
const TabsContext = createContext<TabsState | null>(null);

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside Tabs`);
  return state;
}

const triggerId = (baseId: string, value: string) => `${baseId}-tab-${value}`;
const panelId = (baseId: string, value: string) => `${baseId}-panel-${value}`;

export function Tabs({
  value,
  onValueChange,
  children,
  className,
}: {
  value: string;
  onValueChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  const baseId = useId();
  return (
    <TabsContext.Provider value={{ baseId, value, select: onValueChange }}>
      <div className={className}>{children}</div>
    </TabsContext.Provider>
  );
}

/** The tab a key moves the focus to, among the list's enabled tabs, or none for other keys. */
function tabForKey(tabs: HTMLButtonElement[], current: number, key: string): HTMLButtonElement | undefined {
  switch (key) {
    case 'ArrowRight':
      return tabs[(current + 1) % tabs.length];
    case 'ArrowLeft':
      return tabs[(current - 1 + tabs.length) % tabs.length];
    case 'Home':
      return tabs[0];
    case 'End':
      return tabs[tabs.length - 1];
    default:
      return undefined;
  }
}

export function TabsList({ className, onKeyDown, ...props }: ComponentProps<'div'>) {
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event);
    if (event.defaultPrevented) return;
    const tabs = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]:not(:disabled)')];
    const current = tabs.findIndex((tab) => tab === document.activeElement);
    if (current < 0) return;
    const next = tabForKey(tabs, current, event.key);
    if (!next) return;
    event.preventDefault();
    // Focusing it chooses it (the trigger's focus handler).
    next.focus();
  };
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      onKeyDown={moveFocus}
      className={cn(
        'inline-flex h-11 flex-wrap items-center gap-1 rounded-lg bg-muted p-1 text-muted-foreground',
        className,
      )}
      {...props}
    />
  );
}

export function TabsTrigger({
  value,
  className,
  onClick,
  onFocus,
  ...props
}: Omit<ComponentProps<'button'>, 'value'> & { value: string }) {
  const tabs = useTabs('TabsTrigger');
  const isSelected = tabs.value === value;
  return (
    <button
      type="button"
      role="tab"
      id={triggerId(tabs.baseId, value)}
      aria-selected={isSelected}
      aria-controls={panelId(tabs.baseId, value)}
      data-state={isSelected ? 'active' : 'inactive'}
      tabIndex={isSelected ? 0 : -1}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented && !isSelected) tabs.select(value);
      }}
      onFocus={(event) => {
        onFocus?.(event);
        if (!isSelected && !props.disabled) tabs.select(value);
      }}
      className={cn(
        'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-md px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60 data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm [&_svg]:size-4',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ value, className, ...props }: ComponentProps<'div'> & { value: string }) {
  const tabs = useTabs('TabsContent');
  if (tabs.value !== value) return null;
  return (
    <div
      role="tabpanel"
      id={panelId(tabs.baseId, value)}
      aria-labelledby={triggerId(tabs.baseId, value)}
      tabIndex={0}
      data-state="active"
      className={cn('mt-4 focus-visible:outline-none', className)}
      {...props}
    />
  );
}
