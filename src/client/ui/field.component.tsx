import { type ComponentProps, type ReactNode, useId } from 'react';
import { cn } from '../lib/cn';
import { Input } from './input.component';
import { Label } from './label.component';

/** What a field hands its control: the ids that tie the label, the hint and the error to it. */
export interface FieldControl {
  /** The control's id, which the label names (its `for`). */
  id: string;
  /** The hint and the error, when there are. */
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
}

export interface FieldProps {
  label: ReactNode;
  /** A line under the control, read out with it. */
  hint?: ReactNode;
  /** A refusal of this field's value, announced as it appears and read out with the control. */
  error?: ReactNode;
  /**
   * 'for' (the default): the label is a `<label for>` of the control. 'labelledby': the control names itself
   * by `aria-labelledby`, for a select's trigger, which a press on a `<label for>` would open.
   */
  labelling?: 'for' | 'labelledby';
  className?: string;
  hintClassName?: string;
  /**
   * The control, given the props it spreads; `labelId` is the label's id, for a control that names itself by
   * `aria-labelledby` (a select's trigger).
   */
  children: (control: FieldControl, labelId: string) => ReactNode;
}

/** A label over its control, with a hint and an error under it: every form's field. */
export function Field({
  label,
  hint,
  error,
  labelling = 'for',
  className,
  hintClassName,
  children,
}: FieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter((part) => part !== null);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      <Label id={labelId} htmlFor={labelling === 'for' ? id : undefined}>
        {label}
      </Label>
      {children(
        {
          id,
          'aria-describedby': describedBy.length > 0 ? describedBy.join(' ') : undefined,
          'aria-invalid': error ? true : undefined,
        },
        labelId,
      )}
      {hint ? (
        <p id={hintId} className={cn('text-xs text-muted-foreground', hintClassName)}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface InputFieldProps
  extends Omit<ComponentProps<'input'>, 'id' | 'children'>, Pick<FieldProps, 'label' | 'hint' | 'error'> {
  fieldClassName?: string;
}

/** A field whose control is a text input: the input takes every other prop. */
export function InputField({ label, hint, error, fieldClassName, ...inputProps }: InputFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} className={fieldClassName}>
      {(control) => <Input {...control} {...inputProps} />}
    </Field>
  );
}
