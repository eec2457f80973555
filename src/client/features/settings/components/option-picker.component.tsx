import { useId, type ReactNode } from 'react';
import { Check } from 'lucide-react';
import { cn } from '../../../lib/cn';

export interface PickerOption<T extends string | number> {
  value: T;
  /** Visible text and the button's accessible name. */
  label: string;
  /** A swatch, emoji or picture shown with the label; decorative, so hidden from screen readers. */
  visual?: ReactNode;
}

interface OptionPickerProps<T extends string | number> {
  label: string;
  description?: string;
  options: readonly PickerOption<T>[];
  value: T;
  onChange: (value: T) => void;
  /** Classes of the list, e.g. a grid for cards; a wrapping row by default. */
  listClassName?: string;
  /** Classes of every option button, e.g. a card layout. */
  optionClassName?: string;
}

/**
 * A one-of-many choice shown as a row or grid of toggle buttons (aria-pressed), so every choice — a
 * colour swatch included — is visible at once, reachable with Tab and named for screen readers.
 */
export function OptionPicker<T extends string | number>({
  label,
  description,
  options,
  value,
  onChange,
  listClassName,
  optionClassName,
}: OptionPickerProps<T>) {
  const labelId = useId();
  const descriptionId = `${labelId}-description`;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={description ? descriptionId : undefined}
      className="flex flex-col gap-2"
    >
      <span id={labelId} className="text-sm font-medium leading-none">
        {label}
      </span>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div className={cn('flex flex-wrap gap-2', listClassName)}>
        {options.map((option) => {
          const isSelected = option.value === value;
          return (
            <button
              key={option.value}
              type="button"
              aria-pressed={isSelected}
              onClick={() => {
                if (!isSelected) onChange(option.value);
              }}
              className={cn(
                'relative inline-flex min-h-10 items-center justify-center gap-2 rounded-md border border-input bg-background px-3 py-2 text-sm font-medium text-foreground transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring aria-pressed:border-primary aria-pressed:bg-accent aria-pressed:text-accent-foreground aria-pressed:ring-2 aria-pressed:ring-primary',
                optionClassName,
              )}
            >
              {option.visual ? <span aria-hidden="true">{option.visual}</span> : null}
              <span>{option.label}</span>
              {isSelected ? <Check className="size-4 shrink-0" aria-hidden="true" /> : null}
            </button>
          );
        })}
      </div>
    </div>
  );
}
