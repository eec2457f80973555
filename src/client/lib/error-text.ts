import type { TFunction } from 'i18next';
import { type CodedError, coded, type ErrorParams } from '../../shared/api/errors';
import { HttpError } from './api-client';

// Keys built from server values, so the catalogue's typed keys cannot check them here.
type LooseT = (key: string, options?: object) => string;

/** The catalogue's text for `key`, or undefined when this client has none. */
function lookup(t: TFunction, key: string, options: object = {}): string | undefined {
  const text = (t as unknown as LooseT)(key, { ...options, defaultValue: '' });
  return text && text !== key ? text : undefined;
}

/**
 * Params that are themselves names the learner reads, rendered in the learner's language: `provider`
 * (errors.providers.*), `field` (errors.fields.*) and `reason`, a nested code. Undefined when a field
 * has no label, so the caller falls back to a sentence that needs none.
 */
function renderParams(t: TFunction, params: ErrorParams): ErrorParams | undefined {
  const { provider, field, reason, ...rest } = params;
  const rendered: ErrorParams = { ...rest };
  if (provider !== undefined) {
    rendered.provider = lookup(t, `errors.providers.${provider}`) ?? String(provider);
  }
  if (field !== undefined) {
    const label = lookup(t, `errors.fields.${field}`);
    if (!label) return undefined;
    rendered.field = label;
  }
  if (reason !== undefined) {
    rendered.reason = errorText(t, {
      code: String(reason),
      params: { ...rest, ...(provider === undefined ? {} : { provider }) },
    });
  }
  return rendered;
}

/**
 * The learner's sentence for an error code (docs/product/errors.md): `errors.<code>` with its params,
 * or the generic sentence for a code this client does not know yet (a newer server). A validation
 * failure on a field this client has no label for says the request was refused, without naming it.
 */
export function errorText(t: TFunction, error: CodedError): string {
  const params = renderParams(t, error.params ?? {});
  if (!params) return t('errors.invalid_request');
  return lookup(t, `errors.${error.code}`, params) ?? t('errors.unknown');
}

/**
 * The learner's sentence for a failed call: the server's code rendered through the catalogue, or
 * undefined when there is none (no answer at all, or an answer without a code, such as a proxy's error
 * page), so the caller shows its own fallback.
 */
export function serverErrorText(t: TFunction, error: unknown): string | undefined {
  if (!(error instanceof HttpError)) return undefined;
  const parsed = coded.safeParse(error.body);
  return parsed.success ? errorText(t, parsed.data) : undefined;
}
