import { useId, type ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../ui/card.component';
import { Field } from '../../../ui/field.component';
import { Label } from '../../../ui/label.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Switch } from '../../../ui/switch.component';

/** A titled card grouping related settings; its title is an h2 under the page's h1. */
export function SettingsSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card role="region" aria-labelledby={headingId}>
      <CardHeader>
        <CardTitle id={headingId}>{title}</CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className="flex flex-col gap-6">{children}</CardContent>
    </Card>
  );
}

interface SwitchFieldProps {
  label: string;
  description?: string;
  isChecked: boolean;
  onCheckedChange: (isChecked: boolean) => void;
  isDisabled?: boolean;
}

/** A toggle whose label (and description, when given) is what a screen reader announces for it. */
export function SettingsSwitchField({
  label,
  description,
  isChecked,
  onCheckedChange,
  isDisabled = false,
}: SwitchFieldProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className="flex items-center justify-between gap-4">
      <div className="flex flex-col gap-1">
        <Label htmlFor={id}>{label}</Label>
        {description ? (
          <p id={descriptionId} className="text-sm text-muted-foreground">
            {description}
          </p>
        ) : null}
      </div>
      <Switch
        id={id}
        checked={isChecked}
        disabled={isDisabled}
        onCheckedChange={onCheckedChange}
        aria-describedby={description ? descriptionId : undefined}
      />
    </div>
  );
}

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

interface SelectFieldProps<T extends string> {
  label: string;
  description?: string;
  value: T;
  options: readonly SelectOption<T>[];
  onValueChange: (value: T) => void;
  isDisabled?: boolean;
}

/**
 * A labelled drop-down. Radix hands back a plain string, so the value is matched against the options
 * to keep the caller's literal type without a cast.
 */
export function SettingsSelectField<T extends string>({
  label,
  description,
  value,
  options,
  onValueChange,
  isDisabled = false,
}: SelectFieldProps<T>) {
  return (
    <Field label={label} hint={description} hintClassName="text-sm">
      {(control) => (
        <Select
          value={value}
          disabled={isDisabled}
          onValueChange={(picked) => {
            const option = options.find((candidate) => candidate.value === picked);
            if (option) onValueChange(option.value);
          }}
        >
          <SelectTrigger {...control}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {options.map((option) => (
              <SelectItem key={option.value} value={option.value}>
                {option.label}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/**
 * Numbers offered in a drop-down, plus a stored value off the list (the schema allows more) in its place, so
 * the field still shows what is saved.
 */
export function numberOptions(choices: readonly number[], current: number): SelectOption<string>[] {
  const values = choices.includes(current) ? choices : [...choices, current].sort((a, b) => a - b);
  return values.map((value) => ({ value: String(value), label: String(value) }));
}
