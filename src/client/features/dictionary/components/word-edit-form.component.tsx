import { type SyntheticEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoaderCircle } from 'lucide-react';
import type { WordListItem } from '../../../../shared/api/words';
import { CEFR_LEVELS, PARTS_OF_SPEECH } from '../../../../shared/catalogs/word-tags';
import { serverErrorText } from '../../../lib/error-text';
import { updateWord } from '../../../lib/api/update-word.api';
import { Button } from '../../../ui/button.component';
import { Input } from '../../../ui/input.component';
import { Field, InputField } from '../../../ui/field.component';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../ui/select.component';
import { Textarea } from '../../../ui/textarea.component';
import type { DictionaryWord } from '../../../lib/api/words.api';
import { usePartOfSpeechLabel } from '../../../lib/hooks/part-of-speech-label.hook';
import { changesOf, draftOf, type WordDraft } from '../lib/word-edit';

/** Radix Select cannot hold an empty value, so "none" has its own. */
const NONE = '__none__';

/** A tag picked from its catalogue, or none ('' in the draft). */
function TagField<T extends string>({
  label,
  value,
  values,
  valueLabel,
  onChange,
}: {
  label: string;
  value: T | '';
  values: readonly T[];
  valueLabel: (value: T) => string;
  onChange: (value: T | '') => void;
}) {
  const { t } = useTranslation();
  return (
    <Field label={label} labelling="labelledby" className="min-w-0">
      {(control, labelId) => (
        <Select
          value={value || NONE}
          onValueChange={(picked) => onChange(values.find((candidate) => candidate === picked) ?? '')}
        >
          <SelectTrigger {...control} aria-labelledby={labelId}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NONE}>{t('dictionary.edit.notSet')}</SelectItem>
            {values.map((option) => (
              <SelectItem key={option} value={option}>
                {valueLabel(option)}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      )}
    </Field>
  );
}

/**
 * docs/product/dictionary.md#word-editing: the word's texts and tags in one form; only what changed is sent.
 * A refusal (a duplicate Spanish word, a field rule) stays in the form, in the learner's language.
 */
export function WordEditForm({
  word,
  themes,
  onSaved,
  onCancel,
}: {
  word: DictionaryWord;
  /** The themes the learner's words have, offered while typing. */
  themes: readonly string[];
  onSaved: (updated: WordListItem | null) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const partOfSpeechLabel = usePartOfSpeechLabel();
  const [initial] = useState(() => draftOf(word));
  const [draft, setDraft] = useState<WordDraft>(initial);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const ids = { themeHint: useId(), themeList: useId(), error: useId() };
  const set = <K extends keyof WordDraft>(field: K, value: WordDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const submit = async (event: SyntheticEvent) => {
    event.preventDefault();
    if (isSaving) return;
    const update = changesOf(word, initial, draft);
    if (Object.keys(update).length === 0) {
      onSaved(null);
      return;
    }
    setIsSaving(true);
    setError(null);
    try {
      onSaved(await updateWord({ wordId: word.id, update }));
    } catch (caught) {
      setError(serverErrorText(t, caught) ?? t('dictionary.edit.failed'));
    } finally {
      setIsSaving(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-4"
      aria-describedby={error ? ids.error : undefined}
      onSubmit={(event) => void submit(event)}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          label={t('dictionary.edit.spanish')}
          lang="es"
          required
          maxLength={200}
          value={draft.spanish}
          onChange={(event) => set('spanish', event.target.value)}
        />
        <InputField
          label={t('dictionary.edit.russian')}
          lang="ru"
          // A word kept without a translation may be edited before it gets one.
          required={!word.needsTranslation}
          maxLength={300}
          value={draft.russian}
          onChange={(event) => set('russian', event.target.value)}
        />
      </div>
      <Field label={t('dictionary.edit.example')} hint={t('dictionary.edit.markerHint')}>
        {(control) => (
          <Textarea
            {...control}
            lang="es"
            maxLength={1000}
            className="min-h-16"
            value={draft.example}
            onChange={(event) => set('example', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('dictionary.edit.exampleTranslation')}>
        {(control) => (
          <Textarea
            {...control}
            lang="ru"
            maxLength={1000}
            className="min-h-16"
            value={draft.exampleTranslation}
            onChange={(event) => set('exampleTranslation', event.target.value)}
          />
        )}
      </Field>
      <div className="grid gap-4 sm:grid-cols-3">
        <TagField
          label={t('dictionary.edit.partOfSpeech')}
          value={draft.partOfSpeech}
          values={PARTS_OF_SPEECH}
          valueLabel={partOfSpeechLabel}
          onChange={(value) => set('partOfSpeech', value)}
        />
        <TagField
          label={t('dictionary.edit.cefrLevel')}
          value={draft.cefrLevel}
          values={CEFR_LEVELS}
          valueLabel={(value) => value}
          onChange={(value) => set('cefrLevel', value)}
        />
        <Field label={t('dictionary.edit.themeCategory')} className="min-w-0">
          {(control) => (
            <>
              <Input
                {...control}
                lang="ru"
                maxLength={100}
                list={ids.themeList}
                // The hint sits under the whole row, so that the three fields stay level.
                aria-describedby={ids.themeHint}
                value={draft.themeCategory}
                onChange={(event) => set('themeCategory', event.target.value)}
              />
              <datalist id={ids.themeList}>
                {themes.map((theme) => (
                  <option key={theme} value={theme} />
                ))}
              </datalist>
            </>
          )}
        </Field>
      </div>
      <p id={ids.themeHint} className="-mt-2 text-xs text-muted-foreground">
        {t('dictionary.edit.themeHint')}
      </p>
      {error ? (
        <p id={ids.error} role="alert" className="text-sm font-medium">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('dictionary.edit.cancel')}
        </Button>
        <Button type="submit" aria-disabled={isSaving}>
          {isSaving ? <LoaderCircle className="animate-spin" aria-hidden /> : null}
          {isSaving ? t('dictionary.edit.saving') : t('dictionary.edit.save')}
        </Button>
      </div>
    </form>
  );
}
