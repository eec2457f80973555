import { type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { WordListItem } from '../../../../shared/api/words';
import { updateWord } from '../../../lib/api/update-word.api';
import { serverErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Label } from '../../../ui/label.component';

/**
 * The field a word kept without a translation shows in its card (docs/product/dictionary.md#words-without-a-translation):
 * the translation saved clears the mark, and the word gets its ru→es card and Russian clip.
 */
export function AddTranslationForm({
  word,
  onSaved,
}: {
  word: Pick<WordListItem, 'id' | 'spanish'>;
  onSaved: (updated: WordListItem) => void;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  const errorId = useId();
  const [russian, setRussian] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (isSaving || russian.trim() === '') return;
    setIsSaving(true);
    setError(null);
    try {
      onSaved(await updateWord({ wordId: word.id, update: { russian: russian.trim() } }));
    } catch (caught) {
      setError(serverErrorText(t, caught) ?? t('dictionary.edit.failed'));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-2" onSubmit={(event) => void submit(event)}>
      <Label htmlFor={inputId}>{t('dictionary.card.addTranslation')}</Label>
      <div className="flex gap-2">
        <Input
          id={inputId}
          lang="ru"
          required
          maxLength={300}
          value={russian}
          placeholder={t('dictionary.card.addTranslationPlaceholder')}
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setRussian(event.target.value)}
        />
        <Button type="submit" disabled={isSaving || russian.trim() === ''}>
          {isSaving ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {t('dictionary.card.addTranslationSave')}
        </Button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </form>
  );
}
