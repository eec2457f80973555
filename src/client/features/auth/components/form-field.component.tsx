import { useId, type ComponentProps } from 'react';
import { Input } from '../../../ui/input.component';
import { Label } from '../../../ui/label.component';

interface FormFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: string;
  hint?: string;
}

/** A labelled input; the hint, when there is one, is read out with the field. */
export function FormField({ label, hint, ...inputProps }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-describedby={hint ? hintId : undefined} {...inputProps} />
      {hint ? (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
