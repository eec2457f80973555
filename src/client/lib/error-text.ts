import type { TFunction } from 'i18next';
import type { CodedError } from '../../shared/api/errors';

/**
 * The learner's sentence for an error code (docs/product/errors.md): `errors.<code>` with its params,
 * or the generic sentence for a code this client does not know yet (a newer server).
 */
export function errorText(t: TFunction, error: CodedError): string {
  const key = `errors.${error.code}`;
  // The key is built from a server value, so the catalogue's typed keys cannot check it here.
  const text = (t as unknown as (key: string, options: object) => string)(key, {
    ...error.params,
    defaultValue: '',
  });
  return text && text !== key ? text : t('errors.unknown');
}
