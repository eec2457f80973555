import type { TFunction } from 'i18next';
import type { InputEvent, SyntheticEvent } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement;

/**
 * The sentence for a field the browser's own form check refused, in the interface language
 * (docs/product/errors.md#interface-language): left to itself the browser words it in its own language,
 * so a Russian interface in an English browser said 'Please fill out this field.'
 */
export function validityText(t: TFunction, field: Field): string {
  const { validity } = field;
  if (validity.valueMissing) return t('validation.valueMissing');
  if (validity.typeMismatch) {
    if (field.type === 'email') return t('validation.email');
    if (field.type === 'url') return t('validation.url');
    return t('validation.format');
  }
  if (validity.tooShort) return t('validation.tooShort', { min: field.minLength });
  if (validity.tooLong) return t('validation.tooLong', { max: field.maxLength });
  if (validity.badInput) return t('validation.number');
  if ('min' in field && validity.rangeUnderflow) return t('validation.rangeUnderflow', { min: field.min });
  if ('max' in field && validity.rangeOverflow) return t('validation.rangeOverflow', { max: field.max });
  return t('validation.format');
}

/**
 * Handlers for an input or text area that word the browser's check through the catalogue: on `invalid`
 * the field's own constraints are read again and worded; any edit clears the wording, so the next check
 * starts from the field's real state.
 */
export function localizedValidityHandlers<Element extends Field>(
  t: TFunction,
  handlers: {
    onInvalid?: ((event: SyntheticEvent<Element>) => void) | undefined;
    onInput?: ((event: InputEvent<Element>) => void) | undefined;
  },
) {
  return {
    onInvalid: (event: SyntheticEvent<Element>) => {
      const field = event.currentTarget;
      field.setCustomValidity('');
      if (!field.validity.valid) field.setCustomValidity(validityText(t, field));
      handlers.onInvalid?.(event);
    },
    onInput: (event: InputEvent<Element>) => {
      event.currentTarget.setCustomValidity('');
      handlers.onInput?.(event);
    },
  };
}
