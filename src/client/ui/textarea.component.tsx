import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn';
import { localizedValidityHandlers } from '../lib/validity-text';

export function Textarea({ className, onInvalid, onInput, ...props }: ComponentProps<'textarea'>) {
  const { t } = useTranslation();
  return (
    <textarea
      className={cn(
        'flex min-h-24 w-full rounded-md border border-input bg-background px-3 py-2 text-base text-foreground shadow-sm placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:cursor-not-allowed disabled:opacity-60 md:text-sm',
        className,
      )}
      {...localizedValidityHandlers(t, { onInvalid, onInput })}
      {...props}
    />
  );
}
