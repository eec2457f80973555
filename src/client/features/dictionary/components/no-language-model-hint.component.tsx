import { Link } from 'react-router';
import { Sparkles } from 'lucide-react';
import { cn } from '../../../lib/cn';

/**
 * docs/product/dictionary.md#word-card: without a language-model key, where examples, CEFR levels and
 * themes come from, and the way to Settings → API.
 */
export function NoLanguageModelHint({
  text,
  linkText,
  className,
}: {
  text: string;
  linkText: string;
  className?: string;
}) {
  return (
    <p className={cn('flex items-start gap-2 text-sm text-muted-foreground', className)}>
      <Sparkles className="mt-0.5 size-4 shrink-0" aria-hidden />
      <span>
        {text}{' '}
        <Link
          to="/settings?tab=api"
          className="font-medium text-foreground underline underline-offset-4 hover:no-underline"
        >
          {linkText}
        </Link>
      </span>
    </p>
  );
}
