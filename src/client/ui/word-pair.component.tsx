import type { ElementType, ReactNode } from 'react';
import { cn } from '../lib/cn';

interface WordPairProps {
  spanish: ReactNode;
  /** The Russian; empty (or null) for a word kept without one. */
  russian: string | null;
  /**
   * What a word without a Russian shows in its place, in italics and outside the `ru` language
   * (docs/product/upload.md#spanish-only-lines); nothing when not given.
   */
  untranslated?: string;
  /** The elements of the two lines: paragraphs unless told (spans inline, a dialog's title and description). */
  spanishAs?: ElementType;
  russianAs?: ElementType;
  spanishClassName?: string;
  russianClassName?: string;
  /** Both lines cut with an ellipsis rather than wrapped (a list's row). */
  isTruncated?: boolean;
  /** Marks the lines `data-field="spanish"` and `"russian"`, for a list the learner reads line by line. */
  hasFieldMarks?: boolean;
}

type RussianLineProps = Pick<WordPairProps, 'russian' | 'untranslated' | 'russianAs' | 'isTruncated'> & {
  className?: string;
  fieldMark?: string;
};

/** A word's Russian line, or what a word without one says in its place; WordPair's lower line, or alone. */
export function RussianLine({
  russian,
  untranslated,
  russianAs: Russian = 'p',
  className = 'text-sm text-muted-foreground',
  isTruncated = false,
  fieldMark,
}: RussianLineProps) {
  const truncate = isTruncated ? 'truncate' : undefined;
  if (russian)
    return (
      <Russian lang="ru" className={cn(truncate, className)} data-field={fieldMark}>
        {russian}
      </Russian>
    );
  if (untranslated === undefined) return null;
  return (
    <Russian className={cn(truncate, className, 'text-muted-foreground italic')} data-field={fieldMark}>
      {untranslated}
    </Russian>
  );
}

/**
 * A word as every list and card writes it: its Spanish over its Russian (or what a word without one says), each
 * in its own language so that a screen reader speaks it right.
 */
export function WordPair({
  spanish,
  spanishAs: Spanish = 'p',
  spanishClassName = 'font-semibold',
  russianClassName,
  isTruncated = false,
  hasFieldMarks = false,
  ...russianProps
}: WordPairProps) {
  return (
    <>
      <Spanish
        lang="es"
        className={cn(isTruncated && 'truncate', spanishClassName)}
        data-field={hasFieldMarks ? 'spanish' : undefined}
      >
        {spanish}
      </Spanish>
      <RussianLine
        {...russianProps}
        className={russianClassName}
        isTruncated={isTruncated}
        fieldMark={hasFieldMarks ? 'russian' : undefined}
      />
    </>
  );
}
