import { type ChangeEvent, type RefObject, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FolderOpen } from 'lucide-react';
import { Button } from './button.component';

interface FilePickerProps {
  /** The native input's id, which the field's `<label htmlFor>` names. */
  id: string;
  accept: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The chosen file's name, or null before one is chosen. */
  fileName: string | null;
  /** For a form that clears the input after sending its file. */
  inputRef?: RefObject<HTMLInputElement | null>;
  disabled?: boolean;
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
}

/**
 * A file field in the interface language: the browser's own input says "Choose File" in its own language and
 * is as wide as it likes (615 px on a phone), so it stays in the page visually hidden, still labelled and
 * still what a form and a test fill, behind a button that opens it and the chosen file's name.
 */
export function FilePicker({ id, inputRef, fileName, disabled, ...props }: FilePickerProps) {
  const { t } = useTranslation();
  const ownRef = useRef<HTMLInputElement | null>(null);
  const nameId = useId();
  const describedBy = [nameId, props['aria-describedby']].filter(Boolean).join(' ');
  const ref = inputRef ?? ownRef;
  return (
    <div className="flex min-w-0 max-w-full flex-wrap items-center gap-x-3 gap-y-1">
      <input
        ref={ref}
        id={id}
        type="file"
        accept={props.accept}
        onChange={props.onChange}
        disabled={disabled}
        aria-invalid={props['aria-invalid']}
        aria-describedby={describedBy}
        // The button is the one stop on the keyboard path; the input stays reachable for screen readers.
        tabIndex={-1}
        className="sr-only"
        data-testid="file-picker-input"
      />
      <Button
        type="button"
        variant="outline"
        disabled={disabled}
        aria-describedby={describedBy}
        onClick={() => ref.current?.click()}
      >
        <FolderOpen aria-hidden />
        {t('filePicker.choose')}
      </Button>
      <span
        id={nameId}
        className="min-w-0 break-all text-sm text-muted-foreground"
        data-testid="file-picker-name"
      >
        {fileName ?? t('filePicker.none')}
      </span>
    </div>
  );
}
