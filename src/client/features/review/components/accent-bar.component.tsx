import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.component';

/** The Spanish letters a keyboard without them lacks (docs/product/review.md#typed-answers). */
export const ACCENT_LETTERS = ['á', 'é', 'í', 'ó', 'ú', 'ü', 'ñ', '¿', '¡'] as const;

/**
 * Inserts `letter` over the field's selection, leaves the caret after it and gives the field its focus back.
 * The value is changed the way typing changes it (an input event), so React's onChange sees it.
 */
export function insertAtCaret(field: HTMLInputElement, letter: string): void {
  const start = field.selectionStart ?? field.value.length;
  const end = field.selectionEnd ?? start;
  field.setRangeText(letter, start, end, 'end');
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.focus();
}

/**
 * A row of buttons under a typed answer, one per letter, in the tab order: each inserts its letter at the
 * caret and returns to the field. Typing stays the field's own, so AltGr or Option still work.
 */
export function AccentBar({ field }: { field: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('review.accentBar')}
      className="flex flex-wrap gap-1"
      data-testid="accent-bar"
    >
      {ACCENT_LETTERS.map((letter) => (
        <Button
          key={letter}
          type="button"
          variant="outline"
          size="sm"
          lang="es"
          className="min-w-9 px-2 text-base"
          aria-label={t('review.insertLetter', { letter })}
          // A pointer press leaves the caret where it was; the click then inserts there.
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => {
            if (field.current) insertAtCaret(field.current, letter);
          }}
        >
          {letter}
        </Button>
      ))}
    </div>
  );
}
