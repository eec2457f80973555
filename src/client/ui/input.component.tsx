import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { localizedValidityHandlers } from '../lib/validity-text';

export function Input({ className, type, onInvalid, onInput, ...props }: ComponentProps<'input'>) {
  const { t } = useTranslation();
  return (
    <input
      type={type}
      className={cn(
        'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 md:text-sm',
        className,
      )}
      {...localizedValidityHandlers(t, { onInvalid, onInput })}
      {...props}
    />
  );
}
