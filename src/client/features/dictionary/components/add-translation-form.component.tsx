import { type SyntheticEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { WordListItem } from '../../../../shared/api/words';
import { updateWord } from '../../../lib/api/update-word.api';
import { serverErrorText } from '../../../lib/error-text';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Field } from '../../../ui/field.component';

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
    <form onSubmit={(event) => void submit(event)}>
      <Field label={t('dictionary.card.addTranslation')} error={error}>
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              lang="ru"
              required
              maxLength={300}
              value={russian}
              placeholder={t('dictionary.card.addTranslationPlaceholder')}
              onChange={(event) => setRussian(event.target.value)}
            />
            <Button type="submit" disabled={isSaving || russian.trim() === ''}>
              {isSaving ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
              {t('dictionary.card.addTranslationSave')}
            </Button>
          </div>
        )}
      </Field>
    </form>
  );
}
