import { createContext, type ReactNode } from 'react';
import type * as RadixSelectParts from './select-radix.component';

/** The Radix parts of a select (`select-radix.component.tsx`), once fetched. */
export type RadixSelect = typeof RadixSelectParts;

/**
 * What a select's parts share: Radix's parts once they have taken it over, whether its options are mounted
 * yet, the chosen option's label when the select's own elements name it, and how the plain trigger hands over.
 */
export interface SelectState {
  radix: RadixSelect | null;
  hasOptions: boolean;
  mountOptions: () => void;
  chosenLabel: ReactNode | undefined;
  hasValue: boolean;
  isDisabled: boolean;
  isOpen: boolean;
  close: () => void;
  /**
   * The learner reached for the plain trigger: fetch Radix's parts, and open the list once in if asked; Radix's
   * trigger takes the focus if the plain one has it.
   */
  reach: (shouldOpen: boolean, trigger: HTMLElement) => void;
  /** Radix's trigger, drawn in place of the plain one: it takes the focus the plain one had. */
  adoptFocus: (node: HTMLButtonElement | null) => void;
}

/** The trigger's look, the same drawn plain or by Radix, so nothing moves when Radix's parts take over. */
export const SELECT_TRIGGER_CLASS =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-muted-foreground [&>span]:truncate';

export const SelectStateContext = createContext<SelectState>({
  radix: null,
  hasOptions: true,
  mountOptions: () => undefined,
  chosenLabel: undefined,
  hasValue: false,
  isDisabled: false,
  isOpen: false,
  close: () => undefined,
  reach: () => undefined,
  adoptFocus: () => undefined,
});
